/**
 * The ledger's rows as SQL sees them: its prepared statements and the mapping from raw rows to
 * the schema's types. Kept apart from ledger.ts, which holds the rules.
 */
import type Database from 'better-sqlite3';
import type {
  CreditAccountRow,
  CreditReservationRow,
  ReservationState,
} from '../../db/schema/credits.ts';

export type Row = Record<string, unknown>;

export function toAccount(row: Row): CreditAccountRow {
  return {
    userId: row.user_id as string,
    id: row.id as string,
    subscriptionBalance: row.subscription_balance as number,
    paygBalance: row.payg_balance as number,
    usedToday: row.used_today as number,
    usageDay: row.usage_day as string,
    periodStart: row.period_start as string,
    periodEnd: row.period_end as string,
    grantedAllowance: row.granted_allowance as number,
    totalUsed: row.total_used as number,
    totalPaygPurchased: row.total_payg_purchased as number,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
  };
}

export function toReservation(row: Row): CreditReservationRow {
  return {
    id: row.id as number,
    userId: row.user_id as string,
    jobId: row.job_id as number | null,
    serviceType: row.service_type as string,
    subscriptionAmount: row.subscription_amount as number,
    paygAmount: row.payg_amount as number,
    day: row.day as string,
    state: row.state as ReservationState,
    charged: row.charged as number,
    audioDuration: row.audio_duration as number | null,
    metadata:
      row.metadata === null
        ? null
        : (JSON.parse(row.metadata as string) as Record<string, unknown>),
    createdAt: row.created_at as string,
    endedAt: row.ended_at as string | null,
  };
}

export const SQL = {
  account: 'SELECT * FROM credit_accounts WHERE user_id = ?',
  insertAccount: `INSERT INTO credit_accounts (user_id, id, subscription_balance, payg_balance,
    used_today, usage_day, period_start, period_end, granted_allowance, total_used,
    total_payg_purchased, created_at, updated_at)
    VALUES (@userId, @id, @subscriptionBalance, @paygBalance, @usedToday, @usageDay,
    @periodStart, @periodEnd, @grantedAllowance, @totalUsed, @totalPaygPurchased, @createdAt,
    @updatedAt)`,
  updateAccount: `UPDATE credit_accounts SET subscription_balance = @subscriptionBalance,
    payg_balance = @paygBalance, used_today = @usedToday, usage_day = @usageDay,
    period_start = @periodStart, period_end = @periodEnd, granted_allowance = @grantedAllowance,
    total_used = @totalUsed, total_payg_purchased = @totalPaygPurchased, updated_at = @updatedAt
    WHERE user_id = @userId`,
  entry: `INSERT INTO credit_entries (user_id, pool, kind, amount, day_delta, day,
    reservation_id, job_id, reference, created_at)
    VALUES (@userId, @pool, @kind, @amount, @dayDelta, @day, @reservationId, @jobId,
    @reference, @createdAt)`,
  insertReservation: `INSERT INTO credit_reservations (user_id, job_id, service_type,
    subscription_amount, payg_amount, day, state, charged, audio_duration, metadata, created_at)
    VALUES (@userId, @jobId, @serviceType, @subscriptionAmount, @paygAmount, @day, 'held', 0,
    @audioDuration, @metadata, @createdAt) RETURNING *`,
  reservation: 'SELECT * FROM credit_reservations WHERE id = ?',
  reservationForJob: 'SELECT * FROM credit_reservations WHERE job_id = ?',
  endReservation: `UPDATE credit_reservations SET state = @state, charged = @charged,
    audio_duration = @audioDuration, metadata = @metadata, ended_at = @endedAt
    WHERE id = @id AND state = 'held' RETURNING *`,
  usage: `INSERT INTO credit_usage (id, user_id, user_credits_id, credits_used, service_type,
    audio_duration, credit_source, reservation_id, job_id, usage_metadata, created_at)
    VALUES (@id, @userId, @userCreditsId, @creditsUsed, @serviceType, @audioDuration,
    @creditSource, @reservationId, @jobId, @usageMetadata, @createdAt)`,
} as const;

export type Statements = { [K in keyof typeof SQL]: Database.Statement };
