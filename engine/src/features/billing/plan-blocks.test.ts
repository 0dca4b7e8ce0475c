import { describe, expect, it } from 'vitest';
import { localPlanBlocks } from './plan-blocks.ts';

describe('the Local plan blocks', () => {
  it('maps a ledger account to a free, active plan and its credit figures', () => {
    const plan = localPlanBlocks({
      planName: 'Local',
      subscriptionBalance: 900,
      paygBalance: 75,
      usedToday: 100,
      dailyLimit: 500,
      dayStart: '2025-12-31T00:00:00.000Z',
      periodStart: '2025-12-01T00:00:00.000Z',
      periodEnd: '2026-01-01T00:00:00.000Z',
    });
    expect(plan.credits).toEqual({
      credits_balance: 900,
      payg_balance: 75,
      total_available_credits: 975,
      credits_used_today: 100,
      daily_limit: 500,
      last_reset_at: '2025-12-31T00:00:00.000Z',
    });
    expect(plan.subscription).toEqual({
      plan_id: 'local',
      plan_name: 'Local',
      is_free_plan: true,
      status: 'active',
      current_period_start: '2025-12-01T00:00:00.000Z',
      current_period_end: '2026-01-01T00:00:00.000Z',
      cancel_at: null,
    });
    expect(plan.is_eligible_for_first_time_discount).toBe(false);
  });
});
