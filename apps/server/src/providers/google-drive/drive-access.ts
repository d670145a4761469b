import { withGoogleAccess, type GoogleGrantStore } from '../google-oauth/google-oauth';
import {
  DriveGrantRevokedError,
  DriveUnauthorizedError,
  type DriveGrant,
  type GoogleDriveClient,
} from './google-drive-client';

export { refreshMarginMs } from '../google-oauth/google-oauth';

/** Where one person's grant is kept (the database, sealed; a Map in tests). */
export type DriveGrantStore = GoogleGrantStore<DriveGrant>;

/** The person has no usable grant: never connected, or Google revoked it (and it was forgotten). */
export class DriveNotConnectedError extends Error {
  constructor() {
    super('Google Drive is not connected');
    this.name = 'DriveNotConnectedError';
  }
}

/**
 * Runs `use` with a valid access token of the stored grant: refreshed first when it expires within
 * a minute, and once more when Drive still refuses it (revoked or expired early). A refresh Google
 * refuses with invalid_grant forgets the grant: the person must connect again.
 */
export function withDriveAccess<T>(
  client: GoogleDriveClient,
  store: DriveGrantStore,
  use: (accessToken: string) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  return withGoogleAccess(
    {
      refresh: (grant) => client.refresh(grant),
      store,
      isRevoked: (error) => error instanceof DriveGrantRevokedError,
      isUnauthorized: (error) => error instanceof DriveUnauthorizedError,
      notConnected: () => new DriveNotConnectedError(),
      now,
    },
    use,
  );
}
