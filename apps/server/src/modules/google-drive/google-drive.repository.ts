import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driveConnections, driveOauthStates } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { DriveGrantStore } from '../../providers/google-drive/drive-access';

/** One person's grant in `drive_connections`, sealed on the way in and opened on the way out. */
export function driveGrantStore(db: Db, box: SecretBox, userId: string): DriveGrantStore {
  return {
    async load() {
      const [row] = await db.select().from(driveConnections).where(eq(driveConnections.userId, userId));
      if (!row) return null;
      return {
        accessToken: box.open(row.accessToken),
        refreshToken: box.open(row.refreshToken),
        accessTokenExpiresAt: row.accessTokenExpiresAt.getTime(),
        scope: row.scope,
      };
    },
    async save(grant) {
      const values = {
        refreshToken: box.seal(grant.refreshToken),
        accessToken: box.seal(grant.accessToken),
        accessTokenExpiresAt: new Date(grant.accessTokenExpiresAt),
        scope: grant.scope,
        updatedAt: new Date(),
      };
      await db
        .insert(driveConnections)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: driveConnections.userId, set: values });
    },
    async forget() {
      await db.delete(driveConnections).where(eq(driveConnections.userId, userId));
    },
  };
}

export async function hasDriveConnection(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: driveConnections.userId })
    .from(driveConnections)
    .where(eq(driveConnections.userId, userId));
  return Boolean(row);
}

/**
 * Records a consent state's nonce as used, dropping the records whose states have expired anyway;
 * false when it was used before.
 */
export async function useOauthState(db: Db, userId: string, nonceHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(driveOauthStates).where(lt(driveOauthStates.expiresAt, new Date()));
  const used = await db
    .insert(driveOauthStates)
    .values({ nonceHash, userId, expiresAt })
    .onConflictDoNothing()
    .returning({ nonceHash: driveOauthStates.nonceHash });
  return used.length === 1;
}
