import type { SearchConsoleClient } from '../../providers/search-console/search-console-client';

/**
 * Runs `use` with a valid access token of one person's Search Console grant: refreshed when it
 * is about to expire, and once more when Search Console refuses it. Throws
 * SearchConsoleNotConnectedError when the person has no grant or Google revoked it (the grant is
 * then forgotten), and the client's own errors otherwise.
 */
export type WithSearchConsoleAccess = <T>(
  userId: string,
  use: (client: SearchConsoleClient, accessToken: string) => Promise<T>,
) => Promise<T>;

/** The person has no usable Search Console grant: never connected, disconnected, or revoked at Google. */
export class SearchConsoleNotConnectedError extends Error {
  constructor() {
    super('Google Search Console is not connected');
    this.name = 'SearchConsoleNotConnectedError';
  }
}
