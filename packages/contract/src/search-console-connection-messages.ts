/**
 * Connecting Google Search Console, linking a property to a project and its imports (issue 26):
 * what people read when something stands in the way.
 */
export const searchConsoleConnectionMessages = {
  searchConsoleNotConfigured:
    'Google Search Console is not set up on this server. Ask your administrator to turn it on, or upload a Search Console export instead.',
  searchConsoleSetupForAdministrator: (settings: readonly string[]) =>
    `Google Search Console is not set up on this server. As its administrator, set ${settings.join(' and ')} (see the README), then restart Keywright.`,
  searchConsoleNotConnected: 'Connect Google Search Console first.',
  searchConsoleConnected: 'Connected to Google Search Console!',
  searchConsoleConnectFailed: 'Google Search Console could not be connected. Please try again.',
  searchConsoleDisconnected: 'Google Search Console disconnected',
  searchConsoleSiteNotYours:
    'This property is not one of your Search Console properties. Choose one of the properties listed.',
  searchConsoleSiteUnverified:
    'Your access to this property is not verified in Search Console. Verify it there, or choose another property.',
  searchConsoleNotLinked: 'Link a Search Console property to this project first.',
  searchConsoleRefreshNeedsOwnGrant: (importedBy: string | null) =>
    importedBy
      ? `Connect your own Search Console account to refresh. The queries shown were imported by ${importedBy}.`
      : 'Connect your own Search Console account to refresh.',
  searchConsoleImportRevoked:
    'The import stopped: the Google Search Console connection it used has expired or was revoked. Connect Search Console again, then refresh.',
  searchConsoleImportForbidden: (siteUrl: string) =>
    `The import stopped: the connected Google account may not read ${siteUrl} in Search Console. Link a property it has access to, then refresh.`,
  searchConsoleImportGaveUp: (attempts: number) =>
    `The import stopped after ${attempts} attempts. Refresh to try again later.`,
} as const;
