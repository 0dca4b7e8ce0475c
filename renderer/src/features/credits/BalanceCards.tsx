/**
 * The balance at a glance: subscription, pay-as-you-go and total credits (GET /credits), the
 * credits used today against the daily limit (the User's `credits` block), and the next monthly
 * reset.
 */
import type { ReactNode } from 'react';
import type { Credits } from '../../api/account-types.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { dailyUse, formatCredits, formatRelative } from './credits-model.ts';
import type { CreditBalance } from './credits-types.ts';

export function BalanceCards({ balance, credits }: { balance: CreditBalance; credits: Credits }) {
  const today = dailyUse(credits.credits_used_today, credits.daily_limit);
  const monthShare =
    balance.credits_per_month > 0 ? (balance.credits_balance / balance.credits_per_month) * 100 : 0;
  return (
    <section className="balances" aria-label="Balance" data-testid="balances">
      <Tile
        label="Subscription"
        value={formatCredits(balance.credits_balance)}
        testId="balance-subscription"
        foot={
          <>
            <ProgressBar
              value={monthShare}
              label="Subscription credits left this month"
              tone="done"
            />
            <span>
              left of {formatCredits(balance.credits_per_month)} this month; unused credits expire
              at the reset
            </span>
          </>
        }
      />
      <Tile
        label="Pay-as-you-go"
        value={formatCredits(balance.payg_balance)}
        testId="balance-payg"
        foot={
          <span>
            Never expire · {formatCredits(balance.total_payg_credits_purchased)} bought in all
          </span>
        }
      />
      <Tile
        label="Total available"
        value={formatCredits(balance.total_available_credits)}
        testId="balance-total"
        accent
        foot={
          <span>{formatCredits(balance.total_credits_used)} credits used since you joined</span>
        }
      />
      <Tile
        label="Used today"
        value={formatCredits(credits.credits_used_today)}
        unit={
          <>
            / <span data-testid="balance-daily-limit">{formatCredits(credits.daily_limit)}</span>
          </>
        }
        testId="balance-used-today"
        foot={
          <>
            <ProgressBar
              value={today.percent}
              label="Daily limit used"
              valueText={`${formatCredits(today.left)} credits left today`}
              tone={today.tone === 'warn' ? 'active' : today.tone}
            />
            <span>
              {credits.daily_limit === 0
                ? 'The daily limit is 0: paid work is stopped'
                : `${formatCredits(today.left)} left today · resets at 00:00 UTC`}
            </span>
          </>
        }
        warn={today.tone !== 'active'}
      />
      <Tile
        label="Next reset"
        value={formatResetDate(balance.next_reset_date)}
        testId="balance-next-reset"
        foot={
          <span>
            {formatRelative(balance.next_reset_date)} · the monthly allowance is granted afresh
          </span>
        }
      />
    </section>
  );
}

function Tile({
  label,
  value,
  unit,
  foot,
  testId,
  accent = false,
  warn = false,
}: {
  label: string;
  value: string;
  unit?: ReactNode;
  foot: ReactNode;
  testId: string;
  accent?: boolean;
  warn?: boolean;
}) {
  const tone = accent ? ' balance--accent' : warn ? ' balance--warn' : '';
  return (
    <div className={`balance${tone}`}>
      <p className="balance__label">{label}</p>
      <p className="balance__value">
        <span data-testid={testId}>{value}</span>
        {unit && <span className="balance__unit">{unit}</span>}
      </p>
      <div className="balance__foot">{foot}</div>
    </div>
  );
}

function formatResetDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // The period starts at 00:00 UTC: show that UTC day, not the local one before it.
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
