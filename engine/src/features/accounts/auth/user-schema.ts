/**
 * Response shapes of document 1's User, Credits, Subscription and Token response, shared by
 * every route that answers a user (login, registration, refresh-enhanced, /auth/me, ...).
 */
import { z } from 'zod';
import type { UserRow } from '../../../db/schema/accounts.ts';
import type { PlanBlocks } from '../../billing/index.ts';

export const creditsSchema = z
  .object({
    credits_balance: z.number().int(),
    payg_balance: z.number().int(),
    total_available_credits: z.number().int(),
    credits_used_today: z.number().int(),
    daily_limit: z.number().int(),
    last_reset_at: z.string(),
  })
  .meta({ id: 'Credits' });

export const subscriptionSchema = z
  .object({
    plan_id: z.string(),
    plan_name: z.string(),
    is_free_plan: z.boolean(),
    status: z.string(),
    current_period_start: z.string(),
    current_period_end: z.string(),
    cancel_at: z.string().nullable(),
  })
  .meta({ id: 'Subscription' });

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    image: z.string().nullable(),
    phone_number: z.string().nullable(),
    phone_verified: z.boolean(),
    user_type: z.string().nullable(),
    audio_usage: z.string().nullable(),
    is_active: z.boolean(),
    is_verified: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    credits: creditsSchema,
    subscription: subscriptionSchema,
    is_eligible_for_first_time_discount: z.boolean(),
    first_time_discount_active: z.boolean(),
  })
  .meta({ id: 'User' });

export const tokenPairSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenPair' });

export const tokenResponseSchema = tokenPairSchema
  .extend({ user: userSchema })
  .meta({ id: 'TokenResponse' });

export type User = z.infer<typeof userSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `plan`: the user's credits and subscription blocks, from the ledger (accounts.plans). */
export function toUser(row: UserRow, plan: PlanBlocks): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    image: row.image,
    phone_number: row.phoneNumber,
    phone_verified: row.phoneVerified,
    user_type: row.userType,
    audio_usage: row.audioUsage,
    is_active: row.isActive,
    is_verified: row.isVerified,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    ...plan,
  };
}
