import type { HttpClientOptions } from '../../lib/http-client';
import { createHttpClient } from '../../lib/http-client';
import { createGoogleOAuthClient, type GoogleOAuthClient, type GoogleOAuthConfig } from '../google-oauth/google-oauth';
import { createSearchConsoleClient, searchConsoleScope, type SearchConsoleClient } from './search-console-client';

/** What the consent asks for: the account's e-mail (to show which one is connected) and read-only Search Console. */
export const searchConsoleOAuthScope = `openid email ${searchConsoleScope}`;

/** Google no longer honours the Search Console refresh token (revoked by the person, expired, or the client changed). */
export class SearchConsoleGrantRevokedError extends Error {
  constructor() {
    super('The Google Search Console grant was revoked or has expired');
    this.name = 'SearchConsoleGrantRevokedError';
  }
}

/** Search Console as a person connects it: Google's OAuth for its scope, and the API. */
export interface SearchConsoleGoogle {
  oauth: GoogleOAuthClient;
  client: SearchConsoleClient;
}

export interface SearchConsoleGoogleConfig extends GoogleOAuthConfig {
  /** `GOOGLE_SEARCH_CONSOLE_API_BASE_URL`. */
  apiBaseUrl: string;
}

export function createSearchConsoleGoogle(
  config: SearchConsoleGoogleConfig,
  options: HttpClientOptions = {},
): SearchConsoleGoogle {
  const service = 'Google Search Console';
  return {
    // Its own consent, apart from Drive's: no include_granted_scopes, so Drive's scope is not folded into this grant.
    oauth: createGoogleOAuthClient({
      service,
      scope: searchConsoleOAuthScope,
      config,
      http: createHttpClient(service, options),
      ...(options.now && { now: options.now }),
      revoked: () => new SearchConsoleGrantRevokedError(),
    }),
    client: createSearchConsoleClient({ apiBaseUrl: config.apiBaseUrl }, options),
  };
}
