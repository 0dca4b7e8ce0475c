/**
 * The balance at a glance: subscription, pay-as-you-go and total credits (GET /credits), the
 * credits used today against the daily limit (the User's `credits` block of GET /auth/me), and
 * the next monthly reset, for the chosen ledger.
 */
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { cx } from '../../ui/cx.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { Ledger } from './CreditsPage.tsx';
import { dailyUse, formatCredits, formatRelative } from './credits-model.ts';
import styles from './Credits.module.css';

export function BalanceCards({ ledger }: { ledger: Ledger }) {
  const balanceQuery = useContractQuery('/credits', {}, { as: ledger });
  const meQuery = useContractQuery('/auth/me', {}, { as: ledger });
  const error = balanceQuery.error ?? meQuery.error;
  if (error) {
    return (
      <Alert tone="error" testId="balance-messages">
        {errorMessage(error)}
      </Alert>
    );
  }
  const balance = balanceQuery.data;
  const credits = meQuery.data?.credits;
  if (!balance || !credits) {
    return (
      <p className="muted" role="status">
        Loading the balance…
      </p>
    );
  }
  const today = dailyUse(credits.credits_used_today, credits.daily_limit);
  const monthShare =
    balance.credits_per_month > 0 ? (balance.credits_balance / balance.credits_per_month) * 100 : 0;
  return (
    <section className={styles.balances} aria-label="Balance" data-testid="balances">
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
        foot={<span>{formatCredits(balance.total_credits_used)} credits used in all</span>}
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
  return (
    <div className={cx(styles.tile, accent && styles.accent, warn && !accent && styles.warn)}>
      <p className={styles.tileLabel}>{label}</p>
      <p className={styles.tileValue}>
        <span data-testid={testId}>{value}</span>
        {unit && <span className={styles.tileUnit}>{unit}</span>}
      </p>
      <div className={styles.tileFoot}>{foot}</div>
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
