import { useEffect } from 'react';
import { useConfig } from './config';

/** Sets `{prefix} - {appName}`, or the app name alone. */
export function useDocumentTitle(prefix?: string): void {
  const { appName } = useConfig();
  useEffect(() => {
    document.title = formatDocumentTitle(appName, prefix);
  }, [appName, prefix]);
}

export function formatDocumentTitle(appName: string, prefix?: string): string {
  return prefix ? `${prefix} - ${appName}` : appName;
}
