import { useLocalStorage } from '@mantine/hooks';

/** SPEC 3: kept in the browser, default true. */
export function useShowTeamLists() {
  return useLocalStorage<boolean>({ key: 'showTeamLists', defaultValue: true, getInitialValueInEffect: false });
}
