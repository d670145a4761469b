import { useConfig } from '@/lib/config';

/**
 * The page title, `{prefix} - {appName}` or the app name alone. It is rendered
 * with the content it names (React hoists `<title>` into the head), so the two
 * change in the same commit: never the previous page's title over new content.
 */
export function DocumentTitle({ prefix }: { prefix?: string }) {
  const { appName } = useConfig();
  return <title>{formatDocumentTitle(appName, prefix)}</title>;
}

export function formatDocumentTitle(appName: string, prefix?: string): string {
  return prefix ? `${prefix} - ${appName}` : appName;
}
