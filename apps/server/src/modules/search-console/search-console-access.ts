import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { withGoogleAccess } from '../../providers/google-oauth/google-oauth';
import {
  SearchConsoleUnauthorizedError,
  type SearchConsoleClient,
} from '../../providers/search-console/search-console-client';
import {
  SearchConsoleGrantRevokedError,
  type SearchConsoleGoogle,
} from '../../providers/search-console/search-console-google';
import { searchConsoleGrantStore } from './search-console-connection.repository';

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

/** The access function over the stored, sealed grants and Google's OAuth for Search Console. */
export function createSearchConsoleAccess(
  db: Db,
  box: SecretBox,
  google: SearchConsoleGoogle,
): WithSearchConsoleAccess {
  return (userId, use) =>
    withGoogleAccess(
      {
        refresh: (grant) => google.oauth.refresh(grant),
        store: searchConsoleGrantStore(db, box, userId),
        isRevoked: (error) => error instanceof SearchConsoleGrantRevokedError,
        isUnauthorized: (error) => error instanceof SearchConsoleUnauthorizedError,
        notConnected: () => new SearchConsoleNotConnectedError(),
      },
      (token) => use(google.client, token),
    );
}
