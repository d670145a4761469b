import { useLocalStorage } from '@mantine/hooks';

/** SPEC 3: kept in the browser, default true. */
export function useShowTeamProjects() {
  return useLocalStorage<boolean>({
    key: 'keywright.showTeamProjects',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
}
