/**
 * Wire types of document 1's "Credits" routes and the native Local plan, as the engine answers
 * them (engine/src/features/billing/routes.ts, docs/api/credits.md). Declared by hand like
 * ../../api/account-types.ts.
 */

/** GET /credits. */
export interface CreditBalance {
  credits_balance: number;
  payg_balance: number;
  total_available_credits: number;
  total_credits_used: number;
  total_payg_credits_purchased: number;
  credits_per_month: number;
  /** Start of the current monthly period. */
  last_reset_at: string;
  /** Start of the next monthly period. */
  next_reset_date: string;
}

export type CreditSource = 'subscription' | 'payg';

/** One element of GET /credits/usage (a bare array; totals travel in headers). */
export interface CreditUsage {
  id: string;
  user_credits_id: string;
  credits_used: number;
  service_type: string;
  /** Seconds. */
  audio_duration: number;
  credit_source: CreditSource;
  created_at: string;
  usage_metadata: Record<string, unknown>;
}

/** GET /credits/multipliers: service name → integer credit cost. */
export type CreditMultipliers = Record<string, number>;

/** GET /credits/payg/info. */
export interface PaygInfo {
  credits_per_dollar: number;
  min_amount_usd: number;
  max_amount_usd: number;
  currency: string;
}

/** POST /credits/payg/create-checkout-session (declared; the local engine answers 503). */
export interface CheckoutSession {
  session_id: string;
  credits_to_receive: number;
  amount_usd: number;
}

/** GET/PUT /local/plan (studio token only). */
export interface LocalPlan {
  plan_id: string;
  plan_name: string;
  credits_per_month: number;
  daily_limit: number;
}

export type LocalPlanUpdate = Partial<Pick<LocalPlan, 'credits_per_month' | 'daily_limit'>>;
