// Property test of the credits ledger (docs/api/credits.md): random sequences of reserve, settle,
// refund, release, pay-as-you-go top-ups, plan changes and clock jumps across days and months,
// run against the real CreditLedger on a real SQLite file, next to a small independent model.
// After every operation: no balance below zero, balances equal the model; after every sequence:
// the ledger audit (balances = sums of entries, reservations end exactly once) is clean.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { isAppError } from '../../errors.ts';
import { CreditLedger, type CreditPlan } from './ledger.ts';
import { monthPeriod, utcDay } from './ledger-periods.ts';

type Op =
  | { kind: 'reserve'; amount: number }
  | { kind: 'settle'; pick: number; actual: number | null }
  | { kind: 'refund'; pick: number }
  | { kind: 'release'; pick: number }
  | { kind: 'payg'; credits: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'day' }
  | { kind: 'month' }
  | { kind: 'plan'; creditsPerMonth: number; dailyLimit: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({ kind: fc.constant('reserve' as const), amount: fc.nat(3000) }),
  },
  {
    weight: 18,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      actual: fc.option(fc.integer({ min: -50, max: 3500 }), { nil: null }),
    }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('payg' as const),
      credits: fc.integer({ min: 1, max: 4000 }),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('hours' as const),
      hours: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('day' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('month' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('plan' as const),
      creditsPerMonth: fc.nat(20_000),
      dailyLimit: fc.nat(15_000),
    }),
  },
);

interface ModelReservation {
  id: number;
  s: number;
  p: number;
  day: string;
  state: 'held' | 'settled' | 'refunded' | 'released';
}

/** An independent restatement of the rules in docs/api/credits.md. */
class Model {
  sub = 0;
  payg = 0;
  usedToday = 0;
  day = '';
  periodEnd = 0;
  granted = 0;
  created = false;
  reservations: ModelReservation[] = [];

  catchUp(now: number, plan: CreditPlan): void {
    const today = utcDay(now);
    if (!this.created) {
      this.created = true;
      this.sub = plan.creditsPerMonth;
      this.granted = plan.creditsPerMonth;
      this.periodEnd = Date.parse(monthPeriod(now).end);
      this.day = today;
      return;
    }
    if (now >= this.periodEnd) {
      this.sub = plan.creditsPerMonth;
      this.granted = plan.creditsPerMonth;
      this.periodEnd = Date.parse(monthPeriod(now).end);
    } else if (this.granted !== plan.creditsPerMonth) {
      this.sub += Math.max(-this.sub, plan.creditsPerMonth - this.granted);
      this.granted = plan.creditsPerMonth;
    }
    if (this.day !== today) {
      this.day = today;
      this.usedToday = 0;
    }
  }

  end(r: ModelReservation, charged: number, state: ModelReservation['state']): void {
    const cs = Math.min(r.s, charged);
    const cp = charged - cs;
    const back = r.s - cs + (r.p - cp);
    this.sub += r.s - cs;
    this.payg += r.p - cp;
    if (r.day === this.day) this.usedToday -= back;
    r.state = state;
  }
}

let handle: DatabaseHandle;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-ledger-'));
let totalOps = 0;

beforeAll(() => {
  handle = openDatabase(path.join(tempDir, 'ledger.db'));
  migrateDatabase(handle);
});

afterAll(() => {
  handle.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe('credits ledger (property)', () => {
  it('keeps balances non-negative, equal to the ledger, and ends each reservation once', () => {
    let run = 0;
    const started = performance.now();
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 60, maxLength: 140 }),
        fc.record({ creditsPerMonth: fc.nat(20_000), dailyLimit: fc.nat(15_000) }),
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (ops, initialPlan, start) => {
          const userId = `prop-${run++}`;
          const clock = new ManualClock(start.getTime());
          let plan: CreditPlan = { ...initialPlan };
          const ledger = new CreditLedger(handle.db, { clock, plan: () => plan });
          const model = new Model();
          const check = (): void => {
            model.catchUp(clock.now(), plan);
            const account = ledger.account(userId);
            expect(account.subscriptionBalance).toBeGreaterThanOrEqual(0);
            expect(account.paygBalance).toBeGreaterThanOrEqual(0);
            expect(account.usedToday).toBeGreaterThanOrEqual(0);
            expect([account.subscriptionBalance, account.paygBalance, account.usedToday]).toEqual([
              model.sub,
              model.payg,
              model.usedToday,
            ]);
          };
          check();
          for (const op of ops) {
            totalOps++;
            const pickOf = (pick: number) =>
              model.reservations.length === 0
                ? undefined
                : model.reservations[pick % model.reservations.length];
            switch (op.kind) {
              case 'reserve': {
                model.catchUp(clock.now(), plan);
                const fits =
                  model.usedToday + op.amount <= plan.dailyLimit &&
                  model.sub + model.payg >= op.amount;
                try {
                  const r = ledger.reserve(userId, {
                    amount: op.amount,
                    serviceType: 'transcription',
                  });
                  expect(fits).toBe(true);
                  const s = Math.min(model.sub, op.amount);
                  expect([r.subscriptionAmount, r.paygAmount]).toEqual([s, op.amount - s]);
                  model.sub -= s;
                  model.payg -= op.amount - s;
                  model.usedToday += op.amount;
                  model.reservations.push({
                    id: r.id,
                    s,
                    p: op.amount - s,
                    day: model.day,
                    state: 'held',
                  });
                } catch (error) {
                  expect(isAppError(error) && error.code).toBe('insufficient_credits');
                  expect(fits).toBe(false);
                }
                break;
              }
              case 'settle':
              case 'refund':
              case 'release': {
                const r = pickOf(op.pick);
                if (!r) break;
                model.catchUp(clock.now(), plan);
                const result =
                  op.kind === 'settle'
                    ? ledger.settle(r.id, op.actual === null ? {} : { credits: op.actual })
                    : op.kind === 'refund'
                      ? ledger.refund(r.id)
                      : ledger.release(r.id);
                if (r.state !== 'held') {
                  // Ends exactly once: a second end is refused and changes nothing.
                  expect(result).toBeNull();
                  break;
                }
                const reserved = r.s + r.p;
                const charged =
                  op.kind === 'settle' ? Math.min(reserved, Math.max(0, op.actual ?? reserved)) : 0;
                const state =
                  op.kind === 'settle' ? 'settled' : op.kind === 'refund' ? 'refunded' : 'released';
                expect(result).toMatchObject({ state, charged });
                model.end(r, charged, state);
                break;
              }
              case 'payg':
                model.catchUp(clock.now(), plan);
                ledger.addPayg(userId, op.credits, 'test-purchase');
                model.payg += op.credits;
                break;
              case 'hours':
                clock.advance(op.hours * 3_600_000);
                break;
              case 'day':
                clock.advance(86_400_000);
                break;
              case 'month':
                clock.set(monthPeriod(clock.now()).end);
                break;
              case 'plan':
                plan = { creditsPerMonth: op.creditsPerMonth, dailyLimit: op.dailyLimit };
                break;
            }
            check();
          }
          expect(ledger.audit(userId)).toEqual([]);
          const held = model.reservations.filter((r) => r.state === 'held');
          for (const r of held) expect(ledger.reservation(r.id)?.state).toBe('held');
        },
      ),
      { numRuns: 120 },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `ledger property test: ${totalOps} operations in ${seconds.toFixed(2)} s ` +
        `(${Math.round(totalOps / seconds)} ops/s)`,
    );
    expect(totalOps).toBeGreaterThanOrEqual(10_000);
    expect(new CreditLedger(handle.db).audit()).toEqual([]);
  });
});
