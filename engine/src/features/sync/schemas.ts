/**
 * Wire shapes of the sync routes (docs/api/sync.md). Imports only zod: the studio derives its
 * types from this file.
 */
import { z } from 'zod';

export const LINK_STATES = ['unlinked', 'linked', 'signed_out'] as const;
export const LINK_METHODS = ['password', 'api_key', 'google', 'github'] as const;
export const OAUTH_PROVIDERS = ['google', 'github'] as const;

export const hostedCreditsSchema = z
  .object({
    credits_balance: z.number().int(),
    payg_balance: z.number().int(),
    total_available_credits: z.number().int(),
    total_credits_used: z.number().int(),
    total_payg_credits_purchased: z.number().int(),
    credits_per_month: z.number().int(),
    credits_used_today: z.number().int().nullable(),
    daily_limit: z.number().int().nullable(),
    plan_id: z.string().nullable(),
    plan_name: z.string().nullable(),
    next_reset_date: z.string().nullable(),
    recent_usage: z.array(
      z.object({
        id: z.string(),
        credits_used: z.number().int(),
        service_type: z.string(),
        credit_source: z.string(),
        created_at: z.string(),
      }),
    ),
    /** When these figures were read from the hosted service. */
    fetched_at: z.string(),
  })
  .meta({ id: 'HostedCredits' });

export const syncStatusSchema = z
  .object({
    linked: z.boolean(),
    state: z.enum(LINK_STATES),
    account_email: z.string().nullable(),
    hosted_url: z.string(),
    method: z.enum(LINK_METHODS).nullable(),
    linked_at: z.string().nullable(),
    /** The last sync that reached the hosted service (events forwarded, credits read). */
    last_sync_at: z.string().nullable(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    /** Events waiting to be forwarded. */
    queue_length: z.number().int(),
    forwarded_total: z.number().int(),
    credential_store: z.object({
      kind: z.enum(['keychain', 'file']),
      location: z.string(),
      /** Why the OS credential store is not used, when it is not. */
      note: z.string().nullable(),
    }),
    /** Requests this machine cannot run go to the hosted service (opt-in). */
    offload: z.boolean(),
    hosted_credits: hostedCreditsSchema.nullable(),
    /** A browser sign-in waiting for its loopback redirect. */
    oauth_pending: z
      .object({
        provider: z.enum(OAUTH_PROVIDERS),
        authorize_url: z.string(),
        expires_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'SyncStatus' });

export type SyncStatus = z.infer<typeof syncStatusSchema>;

/**
 * E-mail and password. An API key cannot link a studio: the link is a session on the hosted
 * account, and a key never mints one (docs/api/scopes.md); the browser sign-in is the other way.
 */
export const linkBodySchema = z
  .strictObject(
    { email: z.string().trim().min(3).max(254), password: z.string().min(1).max(1024) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' && issue.keys.includes('api_key')
          ? 'An API key cannot link a studio (a key never opens a session): link with the ' +
            'e-mail and password, or sign in with Google or GitHub.'
          : undefined,
    },
  )
  .meta({ id: 'SyncLinkRequest' });

export const unlinkAnswerSchema = syncStatusSchema
  .extend({
    /** Whether the workstation's session was ended on the hosted service. */
    hosted_session_revoked: z.boolean(),
    message: z.string().nullable(),
  })
  .meta({ id: 'SyncUnlinkAnswer' });

export const oauthStartSchema = z
  .object({
    provider: z.enum(OAUTH_PROVIDERS),
    /** Open this in the system browser; the sign-in ends at this machine's loopback address. */
    authorize_url: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'SyncOAuthStart' });

export const syncSettingsSchema = z.object({ offload: z.boolean() }).strict();
