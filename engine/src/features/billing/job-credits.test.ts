// The ledger hooked into the job store (jobs/job-repo.ts, jobs/job-credits.ts): the reservation is
// made in the insert's transaction, and every terminal transition — whoever makes it, crash
// recovery included — ends it in the transition's transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { recoverInterruptedJobs } from '../../jobs/job-recovery.ts';
import { JobRegistry } from '../../jobs/job-registry.ts';
import { JobRepo } from '../../jobs/job-repo.ts';
import { costTable, CreditsService } from './credits-service.ts';

let dir: string;
let handle: DatabaseHandle;
let credits: CreditsService;
let repo: JobRepo;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-job-credits-'));
  handle = openDatabase(path.join(dir, 'db.sqlite'));
  migrateDatabase(handle);
  const config = loadConfig(
    {},
    { home: dir, localPlan: { creditsPerMonth: 1000, dailyLimit: 1000 } },
  );
  credits = new CreditsService(
    handle.db,
    config,
    new ManualClock(Date.parse('2026-02-02T00:00:00Z')),
  );
  repo = new JobRepo(handle.db);
  repo.subscribeCredits(credits.jobCredits);
});

afterEach(() => {
  expect(credits.ledger.audit()).toEqual([]);
  handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const job = { type: 'paid', ownerId: 'u1', resource: 'inference' as const, input: {} };
const quote = { credits: 300, serviceType: 'transcription' };

describe('job credits', () => {
  it('creates nothing when the reservation cannot be made', () => {
    expect(() => repo.insert(job, { credits: 1001, serviceType: 'x' })).toThrow(/credits/);
    expect(handle.sqlite.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 0 });
    expect(credits.balance('u1').credits_balance).toBe(1000);
  });

  it('refunds a non-idempotent job that crash recovery fails', () => {
    const row = repo.insert(job, quote);
    expect(row).toMatchObject({ creditsReserved: 300, creditsState: 'held' });
    repo.transition(row.id, 'running');
    expect(credits.balance('u1').credits_balance).toBe(700);
    const registry = new JobRegistry();
    registry.register({
      type: 'paid',
      resource: 'inference',
      idempotent: false,
      input: z.object({}),
      run: async () => null,
    });
    expect(recoverInterruptedJobs(repo, registry).failed).toEqual([row.id]);
    expect(repo.get(row.id)).toMatchObject({ status: 'failed', creditsState: 'refunded' });
    expect(credits.ledger.reservationForJob(row.id)?.state).toBe('refunded');
    expect(credits.balance('u1').credits_balance).toBe(1000);
  });

  it('keeps credits held across a re-queue and settles once', () => {
    const row = repo.insert(job, quote);
    repo.transition(row.id, 'running');
    repo.transition(row.id, 'queued');
    expect(credits.ledger.reservationForJob(row.id)?.state).toBe('held');
    repo.transition(row.id, 'running');
    repo.transition(row.id, 'completed', {}, { usage: { credits: 120 } });
    expect(repo.transition(row.id, 'failed')).toBeNull();
    expect(credits.ledger.reservationForJob(row.id)).toMatchObject({
      state: 'settled',
      charged: 120,
    });
    expect(credits.balance('u1')).toMatchObject({ credits_balance: 880, total_credits_used: 120 });
  });

  it('refuses an unknown cost key in settings at start-up', () => {
    expect(() => costTable({ transcription: 5, teleportation: 1 })).toThrow(/teleportation/);
    expect(costTable({ transcription: 5 }).transcription).toBe(5);
  });

  it('reads the owner’s Local plan, cost overrides and CA file from settings.json', () => {
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({
        localPlan: { credits_per_month: 42, daily_limit: 7 },
        creditMultipliers: { transcription: 99 },
        webhooksCaFile: 'ca.pem',
      }),
    );
    const config = loadConfig({}, { home: dir });
    expect(config.localPlan).toEqual({ creditsPerMonth: 42, dailyLimit: 7 });
    expect(config.creditMultipliers).toEqual({ transcription: 99 });
    expect(config.webhooksCaFile).toBe(path.join(dir, 'ca.pem'));
    expect(
      loadConfig({ TAPEHOUSE_WEBHOOKS_CA_FILE: '/etc/ca.pem' }, { home: dir }).webhooksCaFile,
    ).toBe('/etc/ca.pem');
    const service = new CreditsService(handle.db, config, new ManualClock());
    expect(service.multipliers().transcription).toBe(99);
    expect(service.localPlan()).toMatchObject({ credits_per_month: 42, daily_limit: 7 });
  });
});
