// The credits ledger's rules, one scenario each, on a real SQLite file with an injected clock
// (docs/api/credits.md): spend order, settle/refund/release, daily and monthly resets, plan
// changes, and the audit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { isAppError } from '../../errors.ts';
import { CreditLedger, type CreditPlan } from './ledger.ts';

let dir: string;
let handle: DatabaseHandle;
let clock: ManualClock;
let plan: CreditPlan;
let ledger: CreditLedger;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-ledger-'));
  handle = openDatabase(path.join(dir, 'ledger.db'));
  migrateDatabase(handle);
  clock = new ManualClock(Date.parse('2026-03-10T12:00:00Z'));
  plan = { creditsPerMonth: 1000, dailyLimit: 600 };
  ledger = new CreditLedger(handle.db, { clock, plan: () => plan });
});

afterEach(() => {
  expect(ledger.audit()).toEqual([]);
  handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
}

describe('credits ledger', () => {
  it('opens an account with the plan’s allowance for the calendar month', () => {
    expect(ledger.account('u')).toMatchObject({
      subscriptionBalance: 1000,
      paygBalance: 0,
      usedToday: 0,
      usageDay: '2026-03-10',
      periodStart: '2026-03-01T00:00:00.000Z',
      periodEnd: '2026-04-01T00:00:00.000Z',
    });
  });

  it('spends subscription credits first, then pay-as-you-go, and settles in that order', () => {
    plan.dailyLimit = 10_000;
    ledger.addPayg('u', 500, 'purchase-1');
    const r = ledger.reserve('u', { amount: 1200, serviceType: 'transcription' });
    expect([r.subscriptionAmount, r.paygAmount]).toEqual([1000, 200]);
    expect(ledger.account('u')).toMatchObject({ subscriptionBalance: 0, paygBalance: 300 });
    // Used 1100 of 1200: all 1000 subscription credits, then 100 pay-as-you-go; 100 comes back.
    const settled = ledger.settle(r.id, { credits: 1100, audioDuration: 42 });
    expect(settled).toMatchObject({ state: 'settled', charged: 1100 });
    expect(ledger.account('u')).toMatchObject({
      subscriptionBalance: 0,
      paygBalance: 400,
      totalUsed: 1100,
      usedToday: 1100,
    });
  });

  it('charges the whole reservation by default and never more than it', () => {
    const a = ledger.reserve('u', { amount: 100, serviceType: 'x' });
    expect(ledger.settle(a.id)?.charged).toBe(100);
    const b = ledger.reserve('u', { amount: 100, serviceType: 'x' });
    expect(ledger.settle(b.id, { credits: 5000 })?.charged).toBe(100);
    expect(ledger.account('u').subscriptionBalance).toBe(800);
  });

  it('refunds and releases everything, and ends a reservation exactly once', () => {
    const a = ledger.reserve('u', { amount: 300, serviceType: 'x' });
    const b = ledger.reserve('u', { amount: 200, serviceType: 'x' });
    expect(ledger.account('u')).toMatchObject({ subscriptionBalance: 500, usedToday: 500 });
    expect(ledger.refund(a.id)?.state).toBe('refunded');
    expect(ledger.release(b.id)?.state).toBe('released');
    expect(ledger.account('u')).toMatchObject({ subscriptionBalance: 1000, usedToday: 0 });
    expect(ledger.settle(a.id)).toBeNull();
    expect(ledger.refund(b.id)).toBeNull();
    expect(ledger.account('u')).toMatchObject({ subscriptionBalance: 1000, totalUsed: 0 });
  });

  it('refuses with insufficient_credits and changes nothing', () => {
    expect(code(() => ledger.reserve('u', { amount: 1001, serviceType: 'x' }))).toBe(
      'insufficient_credits',
    );
    expect(ledger.account('u')).toMatchObject({ subscriptionBalance: 1000, usedToday: 0 });
  });

  it('enforces the daily limit and resets it at the next UTC midnight', () => {
    const r = ledger.reserve('u', { amount: 600, serviceType: 'x' });
    expect(code(() => ledger.reserve('u', { amount: 1, serviceType: 'x' }))).toBe(
      'insufficient_credits',
    );
    ledger.settle(r.id);
    clock.set('2026-03-10T23:59:59Z');
    expect(ledger.account('u').usedToday).toBe(600);
    clock.set('2026-03-11T00:00:00Z');
    expect(ledger.account('u')).toMatchObject({ usedToday: 0, usageDay: '2026-03-11' });
    expect(ledger.reserve('u', { amount: 300, serviceType: 'x' }).subscriptionAmount).toBe(300);
  });

  it('gives the day back only for a return on the day the credits were held', () => {
    const yesterday = ledger.reserve('u', { amount: 400, serviceType: 'x' });
    clock.advance(24 * 3_600_000);
    const today = ledger.reserve('u', { amount: 500, serviceType: 'x' });
    expect(ledger.account('u').usedToday).toBe(500);
    ledger.refund(yesterday.id);
    expect(ledger.account('u')).toMatchObject({ usedToday: 500, subscriptionBalance: 500 });
    ledger.refund(today.id);
    expect(ledger.account('u')).toMatchObject({ usedToday: 0, subscriptionBalance: 1000 });
  });

  it('expires the leftover and grants the allowance afresh each calendar month', () => {
    ledger.settle(ledger.reserve('u', { amount: 250, serviceType: 'x' }).id);
    ledger.addPayg('u', 80, 'p');
    expect(ledger.account('u').subscriptionBalance).toBe(750);
    clock.set('2026-03-31T23:59:59.999Z');
    expect(ledger.account('u').subscriptionBalance).toBe(750);
    clock.set('2026-04-01T00:00:00Z');
    expect(ledger.account('u')).toMatchObject({
      subscriptionBalance: 1000,
      paygBalance: 80, // pay-as-you-go credits never expire
      periodStart: '2026-04-01T00:00:00.000Z',
      periodEnd: '2026-05-01T00:00:00.000Z',
      totalUsed: 250,
    });
    // Months skipped entirely still land in the right period.
    clock.set('2026-09-15T08:00:00Z');
    expect(ledger.account('u')).toMatchObject({
      subscriptionBalance: 1000,
      periodStart: '2026-09-01T00:00:00.000Z',
    });
  });

  it('moves this month’s balance by the difference when the owner changes the allowance', () => {
    ledger.settle(ledger.reserve('u', { amount: 300, serviceType: 'x' }).id);
    plan = { creditsPerMonth: 5000, dailyLimit: 600 };
    expect(ledger.account('u').subscriptionBalance).toBe(4700);
    plan = { creditsPerMonth: 100, dailyLimit: 600 };
    expect(ledger.account('u').subscriptionBalance).toBe(0);
    clock.set('2026-04-02T00:00:00Z');
    expect(ledger.account('u').subscriptionBalance).toBe(100);
  });

  it('reports a cache that disagrees with the ledger', () => {
    ledger.account('u');
    handle.sqlite
      .prepare(`UPDATE credit_accounts SET subscription_balance = 5 WHERE user_id = 'u'`)
      .run();
    expect(ledger.audit('u').map((p) => p.problem)).toEqual([
      'subscription balance 5 ≠ ledger 1000',
    ]);
    handle.sqlite
      .prepare(`UPDATE credit_accounts SET subscription_balance = 1000 WHERE user_id = 'u'`)
      .run();
  });
});
