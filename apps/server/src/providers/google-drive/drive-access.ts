import {
  DriveGrantRevokedError,
  DriveUnauthorizedError,
  type DriveGrant,
  type GoogleDriveClient,
} from './google-drive-client';

/** Where one person's grant is kept (the database, sealed; a Map in tests). */
export interface DriveGrantStore {
  load(): Promise<DriveGrant | null>;
  save(grant: DriveGrant): Promise<void>;
  forget(): Promise<void>;
}

/** The person has no usable grant: never connected, or Google revoked it (and it was forgotten). */
export class DriveNotConnectedError extends Error {
  constructor() {
    super('Google Drive is not connected');
    this.name = 'DriveNotConnectedError';
  }
}

/** An access token this close to its expiry is refreshed before use. */
export const refreshMarginMs = 60_000;

/**
 * Runs `use` with a valid access token of the stored grant: refreshed first when it expires within
 * a minute, and once more when Drive still refuses it (revoked or expired early). A refresh Google
 * refuses with invalid_grant forgets the grant: the person must connect again.
 */
export async function withDriveAccess<T>(
  client: GoogleDriveClient,
  store: DriveGrantStore,
  use: (accessToken: string) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  let grant = await store.load();
  if (!grant) throw new DriveNotConnectedError();

  const refresh = async (current: DriveGrant) => {
    try {
      const fresh = await client.refresh(current);
      await store.save(fresh);
      return fresh;
    } catch (error) {
      if (!(error instanceof DriveGrantRevokedError)) throw error;
      await store.forget();
      throw new DriveNotConnectedError();
    }
  };

  if (grant.accessTokenExpiresAt - now() < refreshMarginMs) grant = await refresh(grant);
  try {
    return await use(grant.accessToken);
  } catch (error) {
    if (!(error instanceof DriveUnauthorizedError)) throw error;
  }
  grant = await refresh(grant);
  return use(grant.accessToken);
}
