// Credits on a real engine (docs/api/credits.md): the balance record, the User's blocks, the
// cost table, pay-as-you-go, the owner's Local plan, usage records with filters and pagination,
// lazy daily and monthly resets under an injected clock, and jobs that reserve, settle on what
// they report, release on cancel, and are refused with 402 before anything is created.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../engine/src/clock.ts';
import { throwIfCancelled } from '../../engine/src/errors.ts';
import type { JobHandler, JobView } from '../../engine/src/jobs/job-types.ts';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

/** A job that reserves `reserve` credits and reports `use` of them (or nothing). */
const meteredJob: JobHandler<{ reserve: number; use?: number; wait_ms?: number }, unknown> = {
  type: 'test_metered',
  resource: 'io',
  idempotent: false,
  input: z.object({
    reserve: z.number().int(),
    use: z.number().int().optional(),
    wait_ms: z.number().int().optional(),
  }),
  price: (input) => ({ credits: input.reserve, serviceType: 'transcription', audioDuration: 90 }),
  async run({ input, signal, reportUsage }) {
    const end = Date.now() + (input.wait_ms ?? 0);
    while (Date.now() < end) {
      throwIfCancelled(signal);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (input.use !== undefined) reportUsage({ credits: input.use, metadata: { model: 'tiny' } });
    return { ok: true };
  },
};

const temp = makeTempDir();
const clock = new ManualClock(Date.parse('2026-05-20T10:00:00Z'));
let engine: TestEngine;
let user: TestUser;

beforeAll(async () => {
  engine = await startEngine(
    { home: path.join(temp.dir, 'home'), localPlan: { creditsPerMonth: 5000, dailyLimit: 3000 } },
    { clock, jobs: [meteredJob] },
  );
  user = await registerUser(engine);
});

afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

function as(token: string) {
  return {
    get: async (url: string) => fetch(`${engine.api}${url}`, { headers: bearer(token) }),
    post: async (url: string, body: unknown) => postJson(engine, url, body, bearer(token)),
    put: async (url: string, body: unknown) =>
      fetch(`${engine.api}${url}`, {
        method: 'PUT',
        headers: bearer(token, { 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
      }),
  };
}

async function json<T = Record<string, unknown>>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

async function waitForJob(token: string, id: number): Promise<JobView> {
  for (let i = 0; i < 600; i++) {
    const job = await json<JobView>(as(token).get(`/jobs/${id}`));
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

async function upload(token: string, file: string): Promise<string> {
  const res = await fetch(`${engine.api}/files`, {
    method: 'POST',
    headers: bearer(token, { 'Content-Type': 'audio/wav' }),
    body: fs.readFileSync(file),
  });
  expect(res.status).toBe(201);
  return (await json<{ file_key: string }>(res)).file_key;
}

describe('credit balance and the User object', () => {
  it('opens every account on the Local plan’s allowance', async () => {
    const balance = await json(as(user.tokens.access_token).get('/credits'));
    expect(balance).toEqual({
      credits_balance: 5000,
      payg_balance: 0,
      total_available_credits: 5000,
      total_credits_used: 0,
      total_payg_credits_purchased: 0,
      credits_per_month: 5000,
      last_reset_at: '2026-05-01T00:00:00.000Z',
      next_reset_date: '2026-06-01T00:00:00.000Z',
    });
    const me = await json<{ credits: unknown; subscription: unknown }>(
      as(user.tokens.access_token).get('/auth/me'),
    );
    expect(me.credits).toEqual({
      credits_balance: 5000,
      payg_balance: 0,
      total_available_credits: 5000,
      credits_used_today: 0,
      daily_limit: 3000,
      last_reset_at: '2026-05-20T00:00:00.000Z',
    });
    expect(me.subscription).toEqual({
      plan_id: 'local',
      plan_name: 'Local',
      is_free_plan: true,
      status: 'active',
      current_period_start: '2026-05-01T00:00:00.000Z',
      current_period_end: '2026-06-01T00:00:00.000Z',
      cancel_at: null,
    });
  });

  it('answers the cost table with exactly the contract’s keys, and pay-as-you-go info', async () => {
    const multipliers = await json(as(user.tokens.access_token).get('/credits/multipliers'));
    expect(Object.keys(multipliers).sort()).toEqual(
      [
        'voice_cloning_generation',
        'voice_conversion',
        'speech_translation',
        'translation',
        'speaker_diarization',
        'speaker_extraction',
        'denoise_audio',
        'spectral_denoise',
        'stem_extraction',
        'music_generation',
        'transcription',
        'video_download',
      ].sort(),
    );
    expect(Object.values(multipliers).every((v) => Number.isInteger(v))).toBe(true);
    expect(await json(as(user.tokens.access_token).get('/credits/payg/info'))).toEqual({
      credits_per_dollar: 7500,
      min_amount_usd: 1,
      max_amount_usd: 1000,
      currency: 'USD',
    });
  });

  it('checks the purchase amount, then says no payment provider is available', async () => {
    const api = as(user.tokens.access_token);
    for (const body of [{ amount_usd: 0.99 }, { amount_usd: 1000.01 }, {}, { amount_usd: '5' }]) {
      const res = await api.post('/credits/payg/create-checkout-session', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).code).toBe('validation_error');
    }
    const res = await api.post('/credits/payg/create-checkout-session', { amount_usd: 10 });
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body.code).toBe('payment_provider_unavailable');
    expect(String(body.detail)).toMatch(/75000 credits for 10 USD .* hosted account/);
  });
});

describe('the Local plan (owner only)', () => {
  it('is set with the studio token only, kept in settings.json, and moves balances', async () => {
    expect((await as(user.tokens.access_token).put('/local/plan', { daily_limit: 1 })).status).toBe(
      403,
    );
    const owner = as(engine.token);
    expect((await owner.put('/local/plan', {})).status).toBe(400);
    expect((await owner.put('/local/plan', { daily_limit: -1 })).status).toBe(400);
    const set = await owner.put('/local/plan', { credits_per_month: 8000 });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({
      plan_id: 'local',
      plan_name: 'Local',
      credits_per_month: 8000,
      daily_limit: 3000,
      stems_tier: 'pro',
    });
    const settings = JSON.parse(fs.readFileSync(path.join(engine.home, 'settings.json'), 'utf8'));
    expect(settings.localPlan).toEqual({ credits_per_month: 8000, daily_limit: 3000 });
    expect(await json(as(user.tokens.access_token).get('/credits'))).toMatchObject({
      credits_balance: 8000,
      credits_per_month: 8000,
    });
    expect(await json(owner.get('/local/plan'))).toMatchObject({ credits_per_month: 8000 });
  });
});

describe('jobs pay for what they use', () => {
  it('reserves at creation and settles on the usage the job reports', async () => {
    const api = as(user.tokens.access_token);
    const before = await json<{ credits_balance: number }>(api.get('/credits'));
    const job = engine.engine.services.jobs;
    const row = await job.create(user.id, 'test_metered', { reserve: 400, use: 150, wait_ms: 300 });
    expect(row).toMatchObject({ creditsReserved: 400, creditsState: 'held' });
    const held = await json<{ credits_balance: number }>(api.get('/credits'));
    expect(held.credits_balance).toBe(before.credits_balance - 400);
    const done = await waitForJob(user.tokens.access_token, row.id);
    expect(done.status).toBe('completed');
    expect(engine.engine.services.jobRepo.get(row.id)?.creditsState).toBe('settled');
    const after = await json<{ credits_balance: number; total_credits_used: number }>(
      api.get('/credits'),
    );
    expect(after.credits_balance).toBe(before.credits_balance - 150);
    expect(after.total_credits_used).toBe(150);
    const usage = await json<Record<string, unknown>[]>(api.get(`/credits/usage?job_id=${row.id}`));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      credits_used: 150,
      service_type: 'transcription',
      audio_duration: 90,
      credit_source: 'subscription',
      usage_metadata: { job_id: row.id, job_type: 'test_metered', model: 'tiny' },
    });
  });

  it('releases everything held when a job is cancelled', async () => {
    const api = as(user.tokens.access_token);
    const before = await json<{ credits_balance: number }>(api.get('/credits'));
    const row = await engine.engine.services.jobs.create(user.id, 'test_metered', {
      reserve: 500,
      wait_ms: 10_000,
    });
    const cancel = await api.post(`/jobs/${row.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    const done = await waitForJob(user.tokens.access_token, row.id);
    expect(done.status).toBe('cancelled');
    expect(engine.engine.services.jobRepo.get(row.id)?.creditsState).toBe('released');
    expect((await json<{ credits_balance: number }>(api.get('/credits'))).credits_balance).toBe(
      before.credits_balance,
    );
  });

  it('runs a real audio_analysis job that pays per started minute', async () => {
    const api = as(user.tokens.access_token);
    const before = await json<{ credits_balance: number }>(api.get('/credits'));
    const key = await upload(user.tokens.access_token, makeSineWav(temp.dir, 'tone.wav', 61));
    const res = await api.post('/analysis', { file_key: key });
    expect(res.status).toBe(202);
    const job = await waitForJob(user.tokens.access_token, (await json<JobView>(res)).id);
    expect(job.status, job.error_message ?? '').toBe('completed');
    const after = await json<{ credits_balance: number }>(api.get('/credits'));
    expect(after.credits_balance).toBe(before.credits_balance - 2); // 61 s → 2 minutes × 1
    const [record] = await json<Record<string, unknown>[]>(
      api.get(`/credits/usage?service_type=audio_analysis`),
    );
    expect(record).toMatchObject({ credits_used: 2, service_type: 'audio_analysis' });
    expect(record?.audio_duration as number).toBeCloseTo(61, 0);
  });

  it('refuses with 402 at creation when the credits cannot be held, creating nothing', async () => {
    const poor = await registerUser(engine);
    const api = as(poor.tokens.access_token);
    const key = await upload(poor.tokens.access_token, makeSineWav(temp.dir, 'short.wav', 2));
    const jobsBefore = await json<{ total: number }>(api.get('/jobs'));
    const maxJobId = engine.engine.services.database.sqlite
      .prepare('SELECT max(id) AS id FROM jobs')
      .get() as { id: number };
    // Above the daily limit (3000) though within the balance: 402, nothing created.
    await expect(
      engine.engine.services.jobs.create(poor.id, 'test_metered', { reserve: 3001 }),
    ).rejects.toMatchObject({ code: 'insufficient_credits', status: 402 });
    // The owner takes the allowance away: the next analysis is refused at creation.
    expect((await as(engine.token).put('/local/plan', { credits_per_month: 0 })).status).toBe(200);
    const res = await api.post('/analysis', { file_key: key });
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'insufficient_credits' });
    expect((await json<{ total: number }>(api.get('/jobs'))).total).toBe(jobsBefore.total);
    expect(
      engine.engine.services.database.sqlite.prepare('SELECT max(id) AS id FROM jobs').get(),
    ).toEqual(maxJobId);
    expect(
      engine.engine.services.database.sqlite
        .prepare('SELECT count(*) AS n FROM credit_reservations WHERE user_id = ?')
        .get(poor.id),
    ).toEqual({ n: 0 });
    expect(await json(api.get('/credits'))).toMatchObject({ credits_balance: 0 });
    // Pay-as-you-go credits (bought through a hosted account, later) are spent after that.
    engine.engine.services.billing.ledger.addPayg(poor.id, 50, 'test-top-up');
    const paid = await api.post('/analysis', { file_key: key });
    expect(paid.status).toBe(202);
    await waitForJob(poor.tokens.access_token, (await json<JobView>(paid)).id);
    const usage = await json<Record<string, unknown>[]>(api.get('/credits/usage'));
    expect(usage[0]).toMatchObject({ credit_source: 'payg', credits_used: 1 });
    expect((await as(engine.token).put('/local/plan', { credits_per_month: 8000 })).status).toBe(
      200,
    );
  });
});

describe('usage records', () => {
  it('filters by service, source, job and time, and pages with totals in headers', async () => {
    const api = as(user.tokens.access_token);
    const all = await api.get('/credits/usage?per_page=1&page=1');
    expect(all.status).toBe(200);
    expect(Number(all.headers.get('x-total-count'))).toBe(2);
    expect(all.headers.get('x-has-next')).toBe('true');
    const first = await json<{ service_type: string; created_at: string }[]>(all);
    expect(first).toHaveLength(1);
    const second = await json<unknown[]>(api.get('/credits/usage?per_page=1&page=2'));
    expect(second).toHaveLength(1);
    expect(
      await json<unknown[]>(api.get('/credits/usage?service_type=transcription')),
    ).toHaveLength(1);
    expect(await json<unknown[]>(api.get('/credits/usage?credit_source=payg'))).toHaveLength(0);
    expect(await json<unknown[]>(api.get('/credits/usage?from=2026-05-21'))).toHaveLength(0);
    expect(
      await json<unknown[]>(api.get('/credits/usage?from=2026-05-20&to=2026-05-21T00:00:00Z')),
    ).toHaveLength(2);
    for (const bad of ['credit_source=wallet', 'from=yesterday', 'per_page=101', 'page=0']) {
      expect((await api.get(`/credits/usage?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('resets, computed from timestamps', () => {
  it('zeroes credits_used_today at UTC midnight and refills the allowance each month', async () => {
    const api = as(user.tokens.access_token);
    const me = async () =>
      (await json<{ credits: Record<string, number | string> }>(api.get('/auth/me'))).credits;
    expect((await me()).credits_used_today).toBe(152);
    clock.set('2026-05-21T00:00:01Z');
    expect(await me()).toMatchObject({
      credits_used_today: 0,
      last_reset_at: '2026-05-21T00:00:00.000Z',
    });
    expect((await json(api.get('/credits'))).credits_balance).toBe(8000 - 152);
    clock.set('2026-06-01T00:00:00Z');
    expect(await json(api.get('/credits'))).toMatchObject({
      credits_balance: 8000,
      total_credits_used: 152,
      last_reset_at: '2026-06-01T00:00:00.000Z',
      next_reset_date: '2026-07-01T00:00:00.000Z',
    });
    expect(engine.engine.services.billing.ledger.audit()).toEqual([]);
  });

  it('keeps the owner’s plan across a restart', async () => {
    await engine.stop();
    engine = await startEngine(
      { home: path.join(temp.dir, 'home') },
      { clock, jobs: [meteredJob] },
    );
    expect(await json(as(engine.token).get('/local/plan'))).toMatchObject({
      credits_per_month: 8000,
      daily_limit: 3000,
    });
    expect(engine.engine.services.billing.ledger.audit()).toEqual([]);
  });
});
