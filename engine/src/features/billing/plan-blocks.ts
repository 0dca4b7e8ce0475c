/**
 * The User object's `credits` and `subscription` blocks and the first-time-discount flags
 * (document 1, "Credits object", "Subscription object"). The figures come from the credits
 * ledger (features/billing): the engine passes a PlanSource to the accounts area, and every
 * route that answers a user asks it. `localPlanBlocks` is the pure mapping from a ledger
 * account to the blocks; docs/api/credits.md says what each field means here.
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

/** Answers the blocks for one user (features/billing/credits-service.ts). */
export interface PlanSource {
  blocksFor(userId: string): PlanBlocks;
}

export const LOCAL_PLAN_ID = 'local';

/** What the ledger knows about one account, as the blocks need it. */
export interface PlanSnapshot {
  planName: string;
  subscriptionBalance: number;
  paygBalance: number;
  usedToday: number;
  dailyLimit: number;
  /** Start of the current UTC day: the daily counter's last reset. */
  dayStart: string;
  periodStart: string;
  periodEnd: string;
}

export function localPlanBlocks(snapshot: PlanSnapshot): PlanBlocks {
  return {
    credits: {
      credits_balance: snapshot.subscriptionBalance,
      payg_balance: snapshot.paygBalance,
      total_available_credits: snapshot.subscriptionBalance + snapshot.paygBalance,
      credits_used_today: snapshot.usedToday,
      daily_limit: snapshot.dailyLimit,
      last_reset_at: snapshot.dayStart,
    },
    subscription: {
      plan_id: LOCAL_PLAN_ID,
      plan_name: snapshot.planName,
      is_free_plan: true,
      status: 'active',
      current_period_start: snapshot.periodStart,
      current_period_end: snapshot.periodEnd,
      cancel_at: null,
    },
    // Nothing to buy locally, so no discount to offer.
    is_eligible_for_first_time_discount: false,
    first_time_discount_active: false,
  };
}
