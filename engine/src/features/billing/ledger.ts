/**
 * The credits ledger (document 1, "Credits object", "Credit balance record", "Credit usage
 * record"; docs/api/credits.md). A ledger, not a counter: every change to a balance is a signed
 * row in `credit_entries`, and the cached balances in `credit_accounts` always equal their sums
 * (`audit` checks it). Every operation is synchronous SQL in ONE transaction: the caller's when
 * one is open on the connection (a job's insert or state change, jobs/job-repo.ts — the ledger's
 * statements then commit or roll back with the job's), else its own.
 *
 * Rules:
 * - Reserve at job creation; spend order subscription → pay-as-you-go; the held credits leave
 *   the balances at once and count against the day's limit.
 * - Settle charges what was used (at most the reservation) and returns the rest; refund (failure)
 *   and release (cancel) return everything. Each reservation ends exactly once.
 * - Resets are lazy: before any operation the account catches up with the clock — a new UTC
 *   month expires the leftover subscription credits and grants the plan's allowance, a new UTC
 *   day zeroes `credits_used_today`, a changed plan allowance adjusts by the difference.
 *
 * Plain prepared statements rather than the query builder: this is the hot path of every paid
 * job (and of the 10 000-operation property test), and cached statements are ~10× faster.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../clock.ts';
import { systemClock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type {
  CreditAccountRow,
  CreditEntryKind,
  CreditPool,
  CreditReservationRow,
  ReservationState,
} from '../../db/schema/credits.ts';
import { AppError } from '../../errors.ts';
import { LOCAL_PLAN_DEFAULTS } from './credit-defaults.ts';
import { monthPeriod, utcDay } from './ledger-periods.ts';
import { SQL, toAccount, toReservation, type Row, type Statements } from './ledger-sql.ts';

export interface CreditPlan {
  creditsPerMonth: number;
  dailyLimit: number;
  /** Stem separation tier of the Local plan (features/music/stems/stem-plan.ts); absent = pro. */
  stemsTier?: 'basic' | 'creator' | 'pro';
}

export interface LedgerOptions {
  clock?: Clock;
  /** The plan in force now (the Local plan's allowance, which the owner may change). */
  plan?: () => CreditPlan;
}

export interface ReserveRequest {
  amount: number;
  serviceType: string;
  jobId?: number | null;
  audioDuration?: number | null;
  metadata?: Record<string, unknown>;
}

export interface SettleUsage {
  /** Credits actually used; clamped to [0, reserved]. Omitted: the whole reservation. */
  credits?: number | undefined;
  audioDuration?: number | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface LedgerProblem {
  userId: string;
  problem: string;
}

interface EntryValues {
  userId: string;
  pool: CreditPool;
  kind: CreditEntryKind;
  amount: number;
  dayDelta?: number;
  reservationId?: number | null;
  jobId?: number | null;
  reference?: string | null;
}

function isNonNegativeInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

export class CreditLedger {
  private readonly clock: Clock;
  private readonly plan: () => CreditPlan;
  private readonly sqlite: Database.Database;
  private readonly statements: Statements;

  constructor(db: Db, options: LedgerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.plan = options.plan ?? (() => LOCAL_PLAN_DEFAULTS);
    // drizzle() keeps the better-sqlite3 connection on every database it returns.
    const client = (db as Db & { $client?: Database.Database }).$client;
    if (!client) throw new Error('the credits ledger needs a better-sqlite3 drizzle database');
    this.sqlite = client;
    this.statements = Object.fromEntries(
      Object.entries(SQL).map(([name, text]) => [name, this.sqlite.prepare(text)]),
    ) as Statements;
  }

  /**
   * Runs `fn` atomically: inside the caller's open transaction (as a savepoint, so a throw
   * undoes only the ledger's part before the caller rolls back), else in a new one.
   */
  private atomic<T>(fn: () => T): T {
    return this.sqlite.transaction(fn)();
  }

  /** The account, created on first use and caught up with the clock and the plan. */
  account(userId: string): CreditAccountRow {
    return this.atomic(() => this.load(userId));
  }

  /** Holds `amount` credits; 402 insufficient_credits when the balance or daily limit is short. */
  reserve(userId: string, request: ReserveRequest): CreditReservationRow {
    const { amount } = request;
    if (!isNonNegativeInteger(amount)) {
      throw new AppError('internal_error', `A reservation must be a whole number ≥ 0: ${amount}.`);
    }
    return this.atomic(() => {
      const account = this.load(userId);
      const plan = this.plan();
      if (account.usedToday + amount > plan.dailyLimit) {
        throw new AppError(
          'insufficient_credits',
          `This needs ${amount} credits, more than is left of today's limit ` +
            `(${Math.max(0, plan.dailyLimit - account.usedToday)} of ${plan.dailyLimit}).`,
          {
            details: {
              required_credits: amount,
              daily_limit: plan.dailyLimit,
              credits_used_today: account.usedToday,
            },
          },
        );
      }
      const available = account.subscriptionBalance + account.paygBalance;
      if (available < amount) {
        throw new AppError(
          'insufficient_credits',
          `This needs ${amount} credits; ${available} are available.`,
          { details: { required_credits: amount, available_credits: available } },
        );
      }
      const fromSubscription = Math.min(account.subscriptionBalance, amount);
      const fromPayg = amount - fromSubscription;
      const jobId = request.jobId ?? null;
      const reservation = toReservation(
        this.statements.insertReservation.get({
          userId,
          jobId,
          serviceType: request.serviceType,
          subscriptionAmount: fromSubscription,
          paygAmount: fromPayg,
          day: account.usageDay,
          audioDuration: request.audioDuration ?? null,
          metadata: JSON.stringify(request.metadata ?? {}),
          createdAt: this.nowIso(),
        }) as Row,
      );
      const base = { userId, kind: 'reserve' as const, reservationId: reservation.id, jobId };
      if (fromSubscription > 0) {
        this.entry({
          ...base,
          pool: 'subscription',
          amount: -fromSubscription,
          dayDelta: fromSubscription,
        });
      }
      if (fromPayg > 0)
        this.entry({ ...base, pool: 'payg', amount: -fromPayg, dayDelta: fromPayg });
      this.save({
        ...account,
        subscriptionBalance: account.subscriptionBalance - fromSubscription,
        paygBalance: account.paygBalance - fromPayg,
        usedToday: account.usedToday + amount,
      });
      return reservation;
    });
  }

  /** Charges what was used (≤ the reservation) and returns the rest; null if not held. */
  settle(reservationId: number, usage: SettleUsage = {}): CreditReservationRow | null {
    return this.atomic(() => this.end(reservationId, 'settled', usage));
  }

  /** A failed job: everything back. Null if the reservation already ended. */
  refund(reservationId: number): CreditReservationRow | null {
    return this.atomic(() => this.end(reservationId, 'refunded', { credits: 0 }));
  }

  /** A cancelled job: everything held is released. Null if the reservation already ended. */
  release(reservationId: number): CreditReservationRow | null {
    return this.atomic(() => this.end(reservationId, 'released', { credits: 0 }));
  }

  /** Pay-as-you-go credits bought (a completed checkout); `reference` names the payment. */
  addPayg(userId: string, credits: number, reference: string): CreditAccountRow {
    if (!isNonNegativeInteger(credits) || credits === 0) {
      throw new AppError('validation_error', 'A purchase adds a whole number of credits ≥ 1.');
    }
    return this.atomic(() => {
      const account = this.load(userId);
      this.entry({ userId, pool: 'payg', kind: 'payg_purchase', amount: credits, reference });
      return this.save({
        ...account,
        paygBalance: account.paygBalance + credits,
        totalPaygPurchased: account.totalPaygPurchased + credits,
      });
    });
  }

  reservation(id: number): CreditReservationRow | undefined {
    const row = this.statements.reservation.get(id) as Row | undefined;
    return row ? toReservation(row) : undefined;
  }

  reservationForJob(jobId: number): CreditReservationRow | undefined {
    const row = this.statements.reservationForJob.get(jobId) as Row | undefined;
    return row ? toReservation(row) : undefined;
  }

  /**
   * Checks the cache against the ledger: balances equal the sums of their entries and are never
   * negative, the day counter equals its day's entries, every reservation's entries add up to
   * its state (held: −reserved; ended: −charged), usage records equal charges, purchases equal
   * their entries. Empty = healthy.
   */
  audit(userId?: string): LedgerProblem[] {
    const problems: LedgerProblem[] = [];
    const accounts = (
      userId === undefined
        ? this.sqlite.prepare('SELECT * FROM credit_accounts').all()
        : this.sqlite.prepare(SQL.account).all(userId)
    ).map((row) => toAccount(row as Row));
    const scalar = (sql: string, ...args: unknown[]): number =>
      Number((this.sqlite.prepare(sql).get(...args) as { n: number | null }).n ?? 0);
    for (const account of accounts) {
      const id = account.userId;
      const report = (problem: string) => problems.push({ userId: id, problem });
      const pool = (name: CreditPool) =>
        scalar(
          'SELECT sum(amount) AS n FROM credit_entries WHERE user_id = ? AND pool = ?',
          id,
          name,
        );
      const subscription = pool('subscription');
      const payg = pool('payg');
      if (subscription !== account.subscriptionBalance)
        report(`subscription balance ${account.subscriptionBalance} ≠ ledger ${subscription}`);
      if (payg !== account.paygBalance)
        report(`payg balance ${account.paygBalance} ≠ ledger ${payg}`);
      if (account.subscriptionBalance < 0 || account.paygBalance < 0) report('negative balance');
      const today = scalar(
        'SELECT sum(day_delta) AS n FROM credit_entries WHERE user_id = ? AND day = ?',
        id,
        account.usageDay,
      );
      if (today !== account.usedToday) report(`used today ${account.usedToday} ≠ ledger ${today}`);
      const used = scalar('SELECT sum(credits_used) AS n FROM credit_usage WHERE user_id = ?', id);
      if (used !== account.totalUsed) report(`total used ${account.totalUsed} ≠ usage ${used}`);
      const bought = scalar(
        `SELECT sum(amount) AS n FROM credit_entries WHERE user_id = ? AND kind = 'payg_purchase'`,
        id,
      );
      if (bought !== account.totalPaygPurchased)
        report(`payg purchased ${account.totalPaygPurchased} ≠ ledger ${bought}`);
      const unbalanced = this.sqlite
        .prepare(
          `SELECT r.id AS id FROM credit_reservations r
           LEFT JOIN credit_entries e ON e.reservation_id = r.id
           LEFT JOIN (SELECT reservation_id, sum(credits_used) AS used FROM credit_usage
                      GROUP BY reservation_id) u ON u.reservation_id = r.id
           WHERE r.user_id = ?
           GROUP BY r.id
           HAVING coalesce(sum(e.amount), 0) != CASE WHEN r.state = 'held'
               THEN -(r.subscription_amount + r.payg_amount) ELSE -r.charged END
             OR coalesce(max(u.used), 0) != CASE WHEN r.state = 'settled' THEN r.charged ELSE 0 END`,
        )
        .all(id) as { id: number }[];
      for (const row of unbalanced) report(`reservation ${row.id} does not add up to its state`);
    }
    return problems;
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private entry(values: EntryValues): void {
    this.statements.entry.run({
      dayDelta: 0,
      reservationId: null,
      jobId: null,
      reference: null,
      ...values,
      day: utcDay(this.clock.now()),
      createdAt: this.nowIso(),
    });
  }

  private save(account: CreditAccountRow): CreditAccountRow {
    const next = { ...account, updatedAt: this.nowIso() };
    this.statements.updateAccount.run(next);
    return next;
  }

  private load(userId: string): CreditAccountRow {
    const now = this.clock.now();
    const today = utcDay(now);
    const period = monthPeriod(now);
    const plan = this.plan();
    const row = this.statements.account.get(userId) as Row | undefined;
    if (!row) {
      const at = this.nowIso();
      const account: CreditAccountRow = {
        userId,
        id: randomUUID(),
        subscriptionBalance: plan.creditsPerMonth,
        paygBalance: 0,
        usedToday: 0,
        usageDay: today,
        periodStart: period.start,
        periodEnd: period.end,
        grantedAllowance: plan.creditsPerMonth,
        totalUsed: 0,
        totalPaygPurchased: 0,
        createdAt: at,
        updatedAt: at,
      };
      this.statements.insertAccount.run(account);
      if (plan.creditsPerMonth > 0) {
        this.entry({ userId, pool: 'subscription', kind: 'grant', amount: plan.creditsPerMonth });
      }
      return account;
    }
    const account = toAccount(row);
    let changed = false;
    if (now >= Date.parse(account.periodEnd)) {
      // A new month: the leftover expires and the plan's allowance is granted afresh.
      const left = account.subscriptionBalance;
      if (left > 0) this.entry({ userId, pool: 'subscription', kind: 'expire', amount: -left });
      if (plan.creditsPerMonth > 0) {
        this.entry({ userId, pool: 'subscription', kind: 'grant', amount: plan.creditsPerMonth });
      }
      account.subscriptionBalance = plan.creditsPerMonth;
      account.periodStart = period.start;
      account.periodEnd = period.end;
      account.grantedAllowance = plan.creditsPerMonth;
      changed = true;
    } else if (account.grantedAllowance !== plan.creditsPerMonth) {
      // The owner changed the allowance mid-month: this month's balance moves by the difference
      // (never below zero).
      const delta = Math.max(
        -account.subscriptionBalance,
        plan.creditsPerMonth - account.grantedAllowance,
      );
      if (delta !== 0) {
        this.entry({ userId, pool: 'subscription', kind: 'allowance_change', amount: delta });
      }
      account.subscriptionBalance += delta;
      account.grantedAllowance = plan.creditsPerMonth;
      changed = true;
    }
    if (account.usageDay !== today) {
      account.usedToday = 0;
      account.usageDay = today;
      changed = true;
    }
    return changed ? this.save(account) : account;
  }

  private end(
    reservationId: number,
    state: Exclude<ReservationState, 'held'>,
    usage: SettleUsage,
  ): CreditReservationRow | null {
    const reservation = this.reservation(reservationId);
    if (!reservation || reservation.state !== 'held') return null;
    const { userId, jobId } = reservation;
    const account = this.load(userId);
    const reserved = reservation.subscriptionAmount + reservation.paygAmount;
    const requested = usage.credits === undefined ? reserved : Math.round(usage.credits);
    const charged = Number.isFinite(requested)
      ? Math.min(reserved, Math.max(0, requested))
      : reserved;
    // Charged in the spend order too: what was held from the subscription is used first.
    const chargedSubscription = Math.min(reservation.subscriptionAmount, charged);
    const chargedPayg = charged - chargedSubscription;
    const back = {
      subscription: reservation.subscriptionAmount - chargedSubscription,
      payg: reservation.paygAmount - chargedPayg,
    };
    // Held credits counted against the day they were reserved; a return on that same day gives
    // the day's allowance back, a later one does not (that day is over).
    const sameDay = reservation.day === account.usageDay;
    const kind: CreditEntryKind =
      state === 'settled' ? 'settle_return' : state === 'refunded' ? 'refund' : 'release';
    for (const pool of ['subscription', 'payg'] as const) {
      if (back[pool] <= 0) continue;
      this.entry({
        userId,
        pool,
        kind,
        amount: back[pool],
        dayDelta: sameDay ? -back[pool] : 0,
        reservationId,
        jobId,
      });
    }
    const audioDuration = usage.audioDuration ?? reservation.audioDuration ?? 0;
    const metadata = { ...(reservation.metadata ?? {}), ...(usage.metadata ?? {}) };
    const at = this.nowIso();
    for (const [source, credits] of [
      ['subscription', chargedSubscription],
      ['payg', chargedPayg],
    ] as const) {
      if (credits <= 0) continue;
      this.statements.usage.run({
        id: randomUUID(),
        userId,
        userCreditsId: account.id,
        creditsUsed: credits,
        serviceType: reservation.serviceType,
        audioDuration,
        creditSource: source,
        reservationId,
        jobId,
        usageMetadata: JSON.stringify(metadata),
        createdAt: at,
      });
    }
    this.save({
      ...account,
      subscriptionBalance: account.subscriptionBalance + back.subscription,
      paygBalance: account.paygBalance + back.payg,
      usedToday: account.usedToday - (sameDay ? back.subscription + back.payg : 0),
      totalUsed: account.totalUsed + charged,
    });
    const ended = this.statements.endReservation.get({
      id: reservationId,
      state,
      charged,
      audioDuration,
      metadata: JSON.stringify(metadata),
      endedAt: at,
    }) as Row | undefined;
    return ended ? toReservation(ended) : null;
  }
}
