/**
 * The hosted account's credits as a linked studio shows them beside its local ledger
 * (docs/api/sync.md, "Credits"): the balance record, the plan and today's use from the User
 * object, and the latest usage records — read with the workstation's session on every sync and
 * kept, so the studio still shows the last known figures while offline.
 */
import { AppError } from '../../../errors.ts';
import type { HostedSession } from '../hosted/hosted-session.ts';

export interface HostedCredits extends Record<string, unknown> {
  credits_balance: number;
  payg_balance: number;
  total_available_credits: number;
  total_credits_used: number;
  total_payg_credits_purchased: number;
  credits_per_month: number;
  credits_used_today: number | null;
  daily_limit: number | null;
  plan_id: string | null;
  plan_name: string | null;
  next_reset_date: string | null;
  recent_usage: {
    id: string;
    credits_used: number;
    service_type: string;
    credit_source: string;
    created_at: string;
  }[];
  fetched_at: string;
}

type Json = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export async function readHostedCredits(
  session: HostedSession,
  now: () => string,
  signal?: AbortSignal,
): Promise<HostedCredits> {
  const opts = signal ? { signal } : {};
  const [balance, me, usage] = await Promise.all([
    session.call('GET', '/credits', opts),
    session.call('GET', '/auth/me', opts),
    session.call('GET', '/credits/usage?per_page=10', opts),
  ]);
  for (const answer of [balance, me, usage]) {
    if (answer.status !== 200) {
      throw new AppError(
        'hosted_unreachable',
        `The hosted service did not show the account’s credits (${answer.status}).`,
      );
    }
  }
  const b = balance.body as Json;
  const user = me.body as Json;
  const credits = (user.credits ?? {}) as Json;
  const plan = (user.subscription ?? {}) as Json;
  const records = Array.isArray(usage.body) ? (usage.body as Json[]) : [];
  return {
    credits_balance: num(b.credits_balance),
    payg_balance: num(b.payg_balance),
    total_available_credits: num(b.total_available_credits),
    total_credits_used: num(b.total_credits_used),
    total_payg_credits_purchased: num(b.total_payg_credits_purchased),
    credits_per_month: num(b.credits_per_month),
    credits_used_today: numOrNull(credits.credits_used_today),
    daily_limit: numOrNull(credits.daily_limit),
    plan_id: str(plan.plan_id),
    plan_name: str(plan.plan_name),
    next_reset_date: str(b.next_reset_date),
    recent_usage: records.map((r) => ({
      id: str(r.id) ?? '',
      credits_used: num(r.credits_used),
      service_type: str(r.service_type) ?? '',
      credit_source: str(r.credit_source) ?? '',
      created_at: str(r.created_at) ?? '',
    })),
    fetched_at: now(),
  };
}
