import { useLocalStorage } from '@mantine/hooks';

/** The project page's optional Trend column: off until turned on, then remembered in this browser. */
export function useShowTrend() {
  return useLocalStorage<boolean>({
    key: 'keywright.showKeywordTrend',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
