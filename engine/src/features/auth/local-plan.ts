/**
 * THE one place that answers the User object's `credits` and `subscription` blocks and the
 * first-time-discount flags (document 1, "Credits object", "Subscription object") until the
 * credits ledger exists (a later issue replaces this function with ledger reads). A local studio
 * has no paid plan: the "Local" plan is free, always active, and holds zero credits; the
 * monthly period is the current calendar month in UTC. See docs/api/auth.md.
 */
export interface CreditsBlock {
  credits_balance: number;
  payg_balance: number;
  total_available_credits: number;
  credits_used_today: number;
  daily_limit: number;
  last_reset_at: string;
}

export interface SubscriptionBlock {
  plan_id: string;
  plan_name: string;
  is_free_plan: boolean;
  status: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at: string | null;
}

export interface PlanBlocks {
  credits: CreditsBlock;
  subscription: SubscriptionBlock;
  is_eligible_for_first_time_discount: boolean;
  first_time_discount_active: boolean;
}

export const LOCAL_PLAN_ID = 'local';

export function localPlan(now: Date = new Date()): PlanBlocks {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = Date.UTC(year, month, now.getUTCDate());
  return {
    credits: {
      credits_balance: 0,
      payg_balance: 0,
      total_available_credits: 0,
      credits_used_today: 0,
      daily_limit: 0,
      last_reset_at: new Date(today).toISOString(),
    },
    subscription: {
      plan_id: LOCAL_PLAN_ID,
      plan_name: 'Local',
      is_free_plan: true,
      status: 'active',
      current_period_start: new Date(Date.UTC(year, month, 1)).toISOString(),
      current_period_end: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
      cancel_at: null,
    },
    // Nothing to buy locally, so no discount to offer.
    is_eligible_for_first_time_discount: false,
    first_time_discount_active: false,
  };
}
