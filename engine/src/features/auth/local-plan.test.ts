import { describe, expect, it } from 'vitest';
import { localPlan } from './local-plan.ts';

describe('the Local plan blocks', () => {
  it('has zero credits and a free, active plan for the current UTC month', () => {
    const plan = localPlan(new Date('2025-12-31T23:30:00Z'));
    expect(plan.credits).toEqual({
      credits_balance: 0,
      payg_balance: 0,
      total_available_credits: 0,
      credits_used_today: 0,
      daily_limit: 0,
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
  });
});
