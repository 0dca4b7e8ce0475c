/**
 * Wire types of document 1's "Credits" routes and the native Local plan, named from the
 * engine's contract (../../api/contract.gen.ts, generated from the route table).
 */
import type { BodyOf, ResponseOf } from '../../api/contract.ts';

/** GET /credits. */
export type CreditBalance = ResponseOf<'get', '/credits'>;
/** One element of GET /credits/usage (a bare array; totals travel in headers). */
export type CreditUsage = ResponseOf<'get', '/credits/usage'>[number];
export type CreditSource = CreditUsage['credit_source'];
/** GET /credits/multipliers: service name → integer credit cost. */
export type CreditMultipliers = ResponseOf<'get', '/credits/multipliers'>;
/** GET /credits/payg/info. */
export type PaygInfo = ResponseOf<'get', '/credits/payg/info'>;
/** POST /credits/payg/create-checkout-session (declared; the local engine answers 503). */
export type CheckoutSession = ResponseOf<'post', '/credits/payg/create-checkout-session'>;
/** GET/PUT /local/plan (studio token only). */
export type LocalPlan = ResponseOf<'get', '/local/plan'>;
export type LocalPlanUpdate = Pick<
  BodyOf<'put', '/local/plan'>,
  'credits_per_month' | 'daily_limit'
>;
