/**
 * Document 1, "Credits" (GET /credits, /credits/usage, /credits/multipliers, /credits/payg/info,
 * POST /credits/payg/create-checkout-session) and the native owner-only GET/PUT /local/plan.
 * What the contract leaves open is decided in docs/api/credits.md.
 */
import { z } from 'zod';
import { pageSchema } from '../../api/pagination.ts';
import type { Principal } from '../../api/principal.ts';
import { StatusReply } from '../../api/reply.ts';
import { defineRoute } from '../../api/route.ts';
import { CREDIT_POOLS } from '../../db/schema/credits.ts';
import { AppError } from '../../errors.ts';
import { callerOf } from '../../api/principal.ts';
import { stripeRoutes } from './checkout/stripe-routes.ts';
import { MULTIPLIER_KEYS, PAYG_INFO } from './credit-defaults.ts';

export const creditBalanceSchema = z
  .object({
    credits_balance: z.number().int(),
    payg_balance: z.number().int(),
    total_available_credits: z.number().int(),
    total_credits_used: z.number().int(),
    total_payg_credits_purchased: z.number().int(),
    credits_per_month: z.number().int(),
    last_reset_at: z.string(),
    next_reset_date: z.string(),
  })
  .meta({ id: 'CreditBalance' });

export const creditUsageSchema = z
  .object({
    id: z.string(),
    user_credits_id: z.string(),
    credits_used: z.number().int(),
    service_type: z.string(),
    audio_duration: z.number(),
    credit_source: z.enum(CREDIT_POOLS),
    created_at: z.string(),
    usage_metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CreditUsage' });

const creditMultipliersSchema = z
  .object(Object.fromEntries(MULTIPLIER_KEYS.map((key) => [key, z.number().int()])))
  .meta({ id: 'CreditMultipliers' });

const localPlanSchema = z
  .object({
    plan_id: z.string(),
    plan_name: z.string(),
    credits_per_month: z.number().int(),
    daily_limit: z.number().int(),
    /** Stem separation tier: which modes and catalog stems the plan allows (docs/api/stems.md). */
    stems_tier: z.enum(['basic', 'creator', 'pro']),
  })
  .meta({ id: 'LocalPlan' });

/** An ISO 8601 timestamp or a date (UTC midnight), normalised to the stored form. */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => new Date(value).toISOString());

const readErrors = ['unauthorized', 'token_expired', 'forbidden'] as const;

function requireOwner(principal: Principal | null): void {
  if (callerOf(principal).kind !== 'studio') {
    throw new AppError(
      'forbidden',
      'The Local plan is set with the studio token only (the machine’s owner).',
    );
  }
}

export const creditRoutes = [
  ...stripeRoutes,
  defineRoute({
    method: 'get',
    path: '/credits',
    summary: 'The caller’s credit balance record',
    tag: 'credits',
    auth: 'user',
    scope: 'credits:read',
    response: creditBalanceSchema,
    errors: [...readErrors],
    handler: ({ principal }, { billing: credits }) => credits.balance(callerOf(principal).userId),
  }),
  defineRoute({
    method: 'get',
    path: '/credits/usage',
    summary:
      'The caller’s credit usage records, newest first (a bare array; totals in X-Total-Count)',
    tag: 'credits',
    auth: 'user',
    scope: 'credits:read',
    query: z.object({
      service_type: z.string().trim().min(1).max(64).optional(),
      credit_source: z.enum(CREDIT_POOLS).optional(),
      job_id: z.coerce.number().int().positive().optional(),
      from: instant.optional(),
      to: instant.optional(),
      ...pageSchema(100, 20).shape,
    }),
    response: z.array(creditUsageSchema),
    errors: [...readErrors, 'validation_error'],
    handler: ({ query, principal }, { billing: credits }) => {
      const { records, total } = credits.usage(callerOf(principal).userId, {
        serviceType: query.service_type,
        creditSource: query.credit_source,
        jobId: query.job_id,
        from: query.from,
        to: query.to,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return new StatusReply(200, z.array(creditUsageSchema).parse(records), {
        'X-Total-Count': String(total),
        'X-Page': String(query.page),
        'X-Per-Page': String(query.per_page),
        'X-Has-Next': String(query.page * query.per_page < total),
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/credits/multipliers',
    summary: 'Credit cost per service (read it; costs change over time)',
    tag: 'credits',
    auth: 'user',
    scope: 'credits:read',
    response: creditMultipliersSchema,
    errors: [...readErrors],
    handler: (_ctx, { billing: credits }) => credits.multipliers(),
  }),
  defineRoute({
    method: 'get',
    path: '/credits/payg/info',
    summary: 'Pay-as-you-go price and purchase limits',
    tag: 'credits',
    auth: 'user',
    scope: 'credits:read',
    response: z
      .object({
        credits_per_dollar: z.number().int(),
        min_amount_usd: z.number(),
        max_amount_usd: z.number(),
        currency: z.string(),
      })
      .meta({ id: 'PaygInfo' }),
    errors: [...readErrors],
    handler: (_ctx, { billing: credits }) => credits.paygInfo(),
  }),
  defineRoute({
    method: 'post',
    path: '/credits/payg/create-checkout-session',
    summary:
      'Start a pay-as-you-go purchase: Stripe on the hosted service, the linked hosted account on a studio (503 without either)',
    tag: 'credits',
    auth: 'user',
    scope: 'credits:write',
    body: z.object({
      amount_usd: z.number().min(PAYG_INFO.min_amount_usd).max(PAYG_INFO.max_amount_usd),
    }),
    response: z
      .object({
        session_id: z.string(),
        credits_to_receive: z.number().int(),
        amount_usd: z.number(),
        /** Where to pay: the provider's payment page (open it in the browser). */
        checkout_url: z.string().nullable(),
      })
      .meta({ id: 'CheckoutSession' }),
    errors: [
      ...readErrors,
      'validation_error',
      'payment_provider_unavailable',
      'hosted_unreachable',
      'not_linked',
    ],
    handler: ({ body, principal }, { billing: credits }) =>
      credits.createCheckout(callerOf(principal).userId, body.amount_usd),
  }),
  defineRoute({
    method: 'get',
    path: '/local/plan',
    summary: 'The Local plan’s allowance on this machine (studio token only)',
    tag: 'local',
    auth: 'bearer',
    response: localPlanSchema,
    errors: [...readErrors],
    handler: ({ principal }, { billing: credits }) => {
      requireOwner(principal);
      return credits.localPlan();
    },
  }),
  defineRoute({
    method: 'put',
    path: '/local/plan',
    summary: 'Set the Local plan’s credits per month and daily limit (studio token only)',
    tag: 'local',
    auth: 'bearer',
    body: z
      .object({
        credits_per_month: z.number().int().min(0).max(1_000_000_000_000).optional(),
        daily_limit: z.number().int().min(0).max(1_000_000_000_000).optional(),
        stems_tier: z.enum(['basic', 'creator', 'pro']).optional(),
      })
      .strict()
      .refine(
        (b) =>
          b.credits_per_month !== undefined ||
          b.daily_limit !== undefined ||
          b.stems_tier !== undefined,
        { message: 'Send credits_per_month, daily_limit, stems_tier or any of them.' },
      ),
    response: localPlanSchema,
    errors: [...readErrors, 'validation_error'],
    handler: ({ body, principal }, { billing: credits }) => {
      requireOwner(principal);
      return credits.setLocalPlan(body);
    },
  }),
];
