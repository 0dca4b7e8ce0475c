import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Accounts (document 1, "User"). `id` is a UUID, except the machine owner's row
 * (`local-owner`, api/principal.ts) that the studio token stands for. `password_hash` is null for
 * accounts that only sign in with OAuth and for the machine owner. `country_code` is accepted by
 * PATCH /auth/me and kept, though the contract's User object does not show it.
 */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  fullName: text('full_name').notNull(),
  image: text('image'),
  phoneNumber: text('phone_number'),
  phoneVerified: integer('phone_verified', { mode: 'boolean' }).notNull().default(false),
  countryCode: text('country_code'),
  userType: text('user_type'),
  audioUsage: text('audio_usage'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * A sign-up waiting for its e-mailed code ("States and transitions": pending verification). One
 * row per e-mail: initiating again replaces the code. The code is stored hashed; `attempts`
 * counts wrong codes so a 6-digit code cannot be walked.
 */
export const pendingRegistrations = sqliteTable('pending_registrations', {
  email: text('email').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: text('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  deviceFingerprint: text('device_fingerprint').notNull(),
  ipAddress: text('ip_address').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * OAuth identities linked to an account (document 1, /auth/oauth/* and /auth/account-providers).
 * One link per provider per user, and a provider account belongs to one user only.
 */
export const accountProviders = sqliteTable(
  'account_providers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    type: text('type').notNull(),
    accessToken: text('access_token'),
    idToken: text('id_token'),
    expiresAt: text('expires_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [
    uniqueIndex('account_providers_provider_account_idx').on(
      table.provider,
      table.providerAccountId,
    ),
    uniqueIndex('account_providers_user_provider_idx').on(table.userId, table.provider),
  ],
);

/** Forgot-password tokens: stored as sha256, single use, one hour (docs/api/auth.md). */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/** Phone one-time codes sent by /auth/send-phone-verification, stored hashed. */
export const phoneVerifications = sqliteTable(
  'phone_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    countryCode: text('country_code'),
    codeHash: text('code_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: text('consumed_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('phone_verifications_user_idx').on(table.userId, table.phoneNumber)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;
export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;
