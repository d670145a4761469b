import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * A person's Google Drive grant. Tokens are sealed with AES-256-GCM (lib/secret-box: iv + tag +
 * ciphertext) under a key derived from AUTH_SECRET; they are never stored or logged in the clear.
 */
export const driveConnections = pgTable('drive_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  refreshToken: bytea('refresh_token').notNull(),
  accessToken: bytea('access_token').notNull(),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
  scope: text('scope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The consent states already used (their nonce, hashed), so each serves one callback; a state is
 * signed for one person and expires, and a record is dropped once its state has expired.
 */
export const driveOauthStates = pgTable('drive_oauth_states', {
  nonceHash: text('nonce_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
