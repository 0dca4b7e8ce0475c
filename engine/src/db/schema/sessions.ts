import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Devices an account has logged in from (document 1, "Device record"). The fingerprint is the
 * sha256 of the user agent plus the optional browser fingerprint, so it is per user and per
 * browser. `current_session_id` is the newest session opened from it.
 */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    displayName: text('display_name').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    deviceType: text('device_type').notNull(),
    ipAddress: text('ip_address').notNull(),
    location: text('location').notNull(),
    timezone: text('timezone').notNull(),
    firstSeen: text('first_seen').notNull().default(now),
    lastSeen: text('last_seen').notNull().default(now),
    lastLoginMethod: text('last_login_method').notNull(),
    loginCount: integer('login_count').notNull().default(0),
    isTrusted: integer('is_trusted', { mode: 'boolean' }).notNull().default(false),
    isBlocked: integer('is_blocked', { mode: 'boolean' }).notNull().default(false),
    currentSessionId: text('current_session_id'),
  },
  (table) => [uniqueIndex('devices_user_fingerprint_idx').on(table.userId, table.fingerprint)],
);

/**
 * One row per login (document 1, "Session record"). Access tokens carry the session id and the
 * credential resolver checks the row on every request, so ending a session (logout, revoke,
 * change-password, refresh-token reuse) rejects its access token at once. The session is also
 * the refresh-token family: reuse of a rotated refresh token revokes the whole row.
 */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deviceInfo: text('device_info').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    loginMethod: text('login_method').notNull(),
    createdAt: text('created_at').notNull().default(now),
    lastActive: text('last_active').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    index('auth_sessions_user_idx').on(table.userId),
    index('auth_sessions_device_idx').on(table.deviceId),
  ],
);

/**
 * Refresh tokens, stored as the sha256 of the JWT. Rotation marks the presented token
 * `rotated_at` and issues its successor in the same session; presenting a rotated token again
 * is reuse.
 */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    rotatedAt: text('rotated_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

export type DeviceRow = typeof devices.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
