import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * CAPTCHA challenges (document 1, /auth/captcha/*). The answer is stored hashed; a challenge is
 * bound to the IP that asked for it, answers once, and is consumed by the login or sign-up it
 * unlocks.
 */
export const captchaChallenges = sqliteTable('captcha_challenges', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answerHash: text('answer_hash').notNull(),
  ipAddress: text('ip_address').notNull(),
  expiresAt: text('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  solvedAt: text('solved_at'),
  consumedAt: text('consumed_at'),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * Security-relevant events the CAPTCHA and sign-up limits are computed from ("Authentication"
 * 5: IP reputation and activity; "Limits": sign-ups per device and IP), and the e-mails sent per
 * recipient for the flood cap (`message_sent`, `email` = the recipient). Kept in SQLite so a
 * restart does not wipe an attacker's record.
 */
export const authAttempts = sqliteTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['login_failed', 'signup', 'message_sent'] }).notNull(),
    ipAddress: text('ip_address').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    email: text('email'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('auth_attempts_kind_ip_idx').on(table.kind, table.ipAddress, table.createdAt)],
);

export type CaptchaChallengeRow = typeof captchaChallenges.$inferSelect;
