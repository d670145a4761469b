import { useLocalStorage } from '@mantine/hooks';

/**
 * The project page's optional Search Console columns (Clicks, Impressions, CTR, Position): off
 * until turned on, then remembered in this browser; offered only for a project with an import.
 */
export function useShowSearchConsole() {
  return useLocalStorage<boolean>({
    key: 'keywright.showKeywordSearchConsole',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
