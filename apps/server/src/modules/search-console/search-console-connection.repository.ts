import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driveOauthStates, searchConsoleConnections } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { GoogleGrant, GoogleGrantStore } from '../../providers/google-oauth/google-oauth';

/** A Search Console grant with the account it belongs to. */
export interface SearchConsoleGrant extends GoogleGrant {
  email: string | null;
}

/** One person's grant in `search_console_connections`, sealed on the way in and opened on the way out. */
export function searchConsoleGrantStore(db: Db, box: SecretBox, userId: string): GoogleGrantStore<SearchConsoleGrant> {
  return {
    async load() {
      const [row] = await db.select().from(searchConsoleConnections).where(eq(searchConsoleConnections.userId, userId));
      if (!row) return null;
      return {
        accessToken: box.open(row.accessToken),
        refreshToken: box.open(row.refreshToken),
        accessTokenExpiresAt: row.accessTokenExpiresAt.getTime(),
        scope: row.scope,
        email: row.email,
      };
    },
    async save(grant) {
      const values = {
        refreshToken: box.seal(grant.refreshToken),
        accessToken: box.seal(grant.accessToken),
        accessTokenExpiresAt: new Date(grant.accessTokenExpiresAt),
        scope: grant.scope,
        email: grant.email,
        updatedAt: new Date(),
      };
      await db
        .insert(searchConsoleConnections)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: searchConsoleConnections.userId, set: values });
    },
    async forget() {
      await db.delete(searchConsoleConnections).where(eq(searchConsoleConnections.userId, userId));
    },
  };
}

/** The person's connection as the status shows it, or null when there is none. */
export async function findSearchConsoleConnection(db: Db, userId: string): Promise<{ email: string | null } | null> {
  const [row] = await db
    .select({ email: searchConsoleConnections.email })
    .from(searchConsoleConnections)
    .where(eq(searchConsoleConnections.userId, userId));
  return row ?? null;
}

/**
 * Records a consent state's nonce as used (in the table Drive's states use: nonces are random and
 * each state is signed for one integration), dropping records whose states have expired anyway;
 * false when it was used before.
 */
export async function useSearchConsoleOauthState(
  db: Db,
  userId: string,
  nonceHash: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(driveOauthStates).where(lt(driveOauthStates.expiresAt, new Date()));
  const used = await db
    .insert(driveOauthStates)
    .values({ nonceHash, userId, expiresAt })
    .onConflictDoNothing()
    .returning({ nonceHash: driveOauthStates.nonceHash });
  return used.length === 1;
}
