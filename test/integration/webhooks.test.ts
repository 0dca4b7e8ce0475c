// Webhooks end to end (document 1, "Webhook endpoints", "Events", "Delivery rules";
// docs/api/webhooks.md): a real HTTPS receiver with a self-signed certificate made here and
// trusted only through the engine's webhooksCaFile, checking every signature with its own HMAC
// code; the retry schedule stepped with an injected clock; dead-lettering and redelivery;
// deliveries that survive a restart; a dead receiver that delays nobody else; and jobs that
// notify with their credits.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../engine/src/clock.ts';
import type { JobView } from '../../engine/src/jobs/job-types.ts';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  makeSelfSignedCertificate,
  startWebhookReceiver,
  type TestCertificate,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';

const MINUTE = 60_000;
const temp = makeTempDir();
const home = path.join(temp.dir, 'home');
const clock = new ManualClock(Date.parse('2026-07-01T09:00:00Z'));
let certificate: TestCertificate;
let receiver: WebhookReceiver;
let engine: TestEngine;
let owner: TestUser;

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  round: number;
  round_attempts: number;
  response_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  payload: Record<string, unknown>;
  attempt_log: {
    attempt: number;
    round: number;
    response_code: number | null;
    error: string | null;
  }[];
}

async function start(): Promise<TestEngine> {
  return startEngine(
    { home, webhooksLoopbackPorts: UNPRIVILEGED_PORTS, webhooksCaFile: certificate.certFile },
    { clock, webhookTimeoutMs: 1500 },
  );
}

beforeAll(async () => {
  certificate = makeSelfSignedCertificate(temp.dir);
  receiver = await startWebhookReceiver(certificate);
  engine = await start();
  owner = await registerUser(engine);
});

afterAll(async () => {
  await engine.stop();
  await receiver.close();
  temp.cleanup();
});

const token = () => owner.tokens.access_token;
const settle = () => engine.engine.services.webhooks.scheduler.settle();

async function call<T = Record<string, unknown>>(
  method: string,
  url: string,
  body?: unknown,
  as: string = token(),
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${engine.api}${url}`, {
    method,
    headers: bearer(as, body === undefined ? {} : { 'Content-Type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function createEndpoint(
  url: string,
  events: string[] = ['job.completed', 'job.failed'],
): Promise<{ id: string; secret: string }> {
  const res = await call<{ id: string; secret: string }>('POST', '/webhooks/endpoints', {
    url,
    events,
    description: 'studio receiver',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function deliveries(endpointId: string, query = ''): Promise<Delivery[]> {
  const res = await call<{ deliveries: Delivery[] }>(
    'GET',
    `/webhooks/endpoints/${endpointId}/deliveries${query}`,
  );
  expect(res.status).toBe(200);
  return res.body.deliveries;
}

describe('webhook endpoints', () => {
  it('registers, shows the secret once, lists, patches and deletes, owner-scoped', async () => {
    const created = await createEndpoint(receiver.url);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['job.completed', 'job.failed'],
      active: true,
      description: 'studio receiver',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const one = await call('GET', `/webhooks/endpoints/${created.id}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('secret');
    const list = await call<Record<string, unknown>[]>('GET', '/webhooks/endpoints');
    expect(list.body.map((e) => e.id)).toContain(created.id);
    expect(list.body.every((e) => !('secret' in e))).toBe(true);

    const patched = await call('PATCH', `/webhooks/endpoints/${created.id}`, {
      events: ['job.cancelled'],
      active: false,
      description: 'paused',
    });
    expect(patched.body).toMatchObject({ events: ['job.cancelled'], active: false });

    const other = await registerUser(engine);
    for (const [method, url] of [
      ['GET', `/webhooks/endpoints/${created.id}`],
      ['PATCH', `/webhooks/endpoints/${created.id}`],
      ['DELETE', `/webhooks/endpoints/${created.id}`],
      ['POST', `/webhooks/endpoints/${created.id}/test`],
      ['GET', `/webhooks/endpoints/${created.id}/deliveries`],
    ] as const) {
      const res = await call(
        method,
        url,
        method === 'PATCH' ? {} : undefined,
        other.tokens.access_token,
      );
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(
      (await call('GET', '/webhooks/endpoints', undefined, other.tokens.access_token)).body,
    ).toEqual([]);

    expect((await call('DELETE', `/webhooks/endpoints/${created.id}`)).status).toBe(204);
    expect((await call('GET', `/webhooks/endpoints/${created.id}`)).status).toBe(404);
  });

  it('refuses unknown events, empty event lists and bad URLs with 400', async () => {
    for (const body of [
      { url: receiver.url, events: ['job.exploded'] },
      { url: receiver.url, events: [] },
      { url: 'not a url', events: ['job.completed'] },
      { url: 'ftp://localhost/x', events: ['job.completed'] },
    ]) {
      const res = await call('POST', '/webhooks/endpoints', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});

describe('signed delivery to a real HTTPS receiver', () => {
  it('sends webhook.test with the contract’s headers and a signature the receiver verifies', async () => {
    const endpoint = await createEndpoint(receiver.url, ['job.completed']);
    receiver.secret = endpoint.secret;
    const before = receiver.received.length;
    const sentAt = performance.now();
    const res = await call<Delivery>('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    const latencyMs = performance.now() - sentAt;
    console.log(
      `webhook.test: POST /test → received by the HTTPS receiver in ${latencyMs.toFixed(1)} ms`,
    );
    expect(got?.signatureValid).toBe(true);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-service-event']).toBe('webhook.test');
    expect(got?.headers['x-service-event-id']).toBe(res.body.event_id);
    expect(got?.headers['x-service-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    expect(got?.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got?.body).toEqual({
      event_type: 'webhook.test',
      event_id: res.body.event_id,
      created_at: new Date(clock.now()).toISOString(),
      endpoint_id: endpoint.id,
      status: 'test',
      message: expect.stringContaining('test delivery'),
    });
    // A tampered body or another secret fails the receiver's own check.
    const { verifySignature } = await import('../helpers/webhook-receiver.ts');
    expect(verifySignature('whsec_wrong', got!.headers, got!.rawBody)).toBe(false);
    expect(verifySignature(endpoint.secret, got!.headers, Buffer.from(`${got!.rawBody} `))).toBe(
      false,
    );

    await settle();
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({
      status: 'delivered',
      response_code: 200,
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      attempt_log: [{ attempt: 1, round: 1, response_code: 200, error: null }],
    });
    expect((await call('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('retries after 1, 2, 4 and 8 minutes, dead-letters after the 5th failure, and redelivers', async () => {
    const endpoint = await createEndpoint(receiver.url, ['job.completed']);
    receiver.secret = endpoint.secret;
    receiver.replies = [500, 503, 404, 302, 500];
    const before = receiver.received.length;
    const t0 = clock.now();
    const test = await call<Delivery>('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    await settle();
    const expectedGaps = [1, 2, 4, 8];
    let due = t0;
    for (const [i, gap] of expectedGaps.entries()) {
      const [d] = await deliveries(endpoint.id);
      due += gap * MINUTE;
      expect(d).toMatchObject({ status: 'retrying', round_attempts: i + 1 });
      expect(d?.next_attempt_at).toBe(new Date(due).toISOString());
      // Not a moment early.
      clock.set(due - 1000);
      await settle();
      expect(receiver.received.length - before).toBe(i + 1);
      clock.set(due);
      await settle();
      expect(receiver.received.length - before).toBe(i + 2);
    }
    const [dead] = await deliveries(endpoint.id);
    expect(dead).toMatchObject({
      status: 'dead_lettered',
      attempts: 5,
      round_attempts: 5,
      response_code: 500,
      next_attempt_at: null,
    });
    expect(dead?.attempt_log.map((a) => a.response_code)).toEqual([500, 503, 404, 302, 500]);
    expect(dead?.attempt_log[3]?.error).toMatch(/redirects are not followed/);
    expect(await deliveries(endpoint.id, '?status=dead_lettered')).toHaveLength(1);
    expect(await deliveries(endpoint.id, '?status=delivered')).toHaveLength(0);
    // Nothing more, however long we wait.
    clock.advance(24 * 60 * MINUTE);
    await settle();
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(5);
    // Same event id and body on every attempt; each signed afresh with its own timestamp.
    expect(new Set(sent.map((r) => r.headers['x-service-event-id']))).toEqual(
      new Set([test.body.event_id]),
    );
    expect(new Set(sent.map((r) => r.rawBody.toString()))).toHaveProperty('size', 1);
    expect(sent.every((r) => r.signatureValid)).toBe(true);
    expect(new Set(sent.map((r) => r.headers['x-service-timestamp'])).size).toBe(5);

    // Redeliver: a new attempt now, same event id; the receiver accepts it.
    const replay = await call<Delivery>('POST', `/webhooks/deliveries/${test.body.id}/redeliver`);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ status: 'pending', round: 2, round_attempts: 0 });
    await settle();
    const [done] = await deliveries(endpoint.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 6, round: 2, response_code: 200 });
    expect(receiver.received.at(-1)?.headers['x-service-event-id']).toBe(test.body.event_id);
    expect(receiver.received.at(-1)?.signatureValid).toBe(true);
    const stranger = await registerUser(engine);
    expect(
      (
        await call(
          'POST',
          `/webhooks/deliveries/${test.body.id}/redeliver`,
          undefined,
          stranger.tokens.access_token,
        )
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('keeps pending deliveries across an engine restart and sends them after it', async () => {
    const endpoint = await createEndpoint(receiver.url, ['job.completed']);
    receiver.secret = endpoint.secret;
    receiver.replies = [500];
    const test = await call<Delivery>('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    await settle();
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'retrying' });
    const before = receiver.received.length;
    await engine.stop();
    clock.advance(MINUTE);
    engine = await start();
    await settle();
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)?.headers['x-service-event-id']).toBe(test.body.event_id);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await call('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('lets no dead receiver delay another receiver or the API', async () => {
    const dead = await startWebhookReceiver(certificate);
    dead.defaultReply = 'hang';
    try {
      const slow = await createEndpoint(dead.url, ['job.completed']);
      const fast = await createEndpoint(receiver.url, ['job.completed']);
      receiver.secret = fast.secret;
      const before = receiver.received.length;
      // Several events stuck on the dead receiver first, then one for the healthy one.
      for (let i = 0; i < 6; i++) await call('POST', `/webhooks/endpoints/${slow.id}/test`);
      await dead.waitFor(1);
      const sentAt = performance.now();
      await call('POST', `/webhooks/endpoints/${fast.id}/test`);
      await receiver.waitFor(before + 1);
      const fastMs = performance.now() - sentAt;
      const apiStarted = performance.now();
      expect((await fetch(`${engine.api}/health`)).status).toBe(200);
      const apiMs = performance.now() - apiStarted;
      console.log(
        `with a hanging receiver: healthy delivery ${fastMs.toFixed(1)} ms, /health ${apiMs.toFixed(1)} ms`,
      );
      expect(fastMs).toBeLessThan(1000); // well inside the dead receiver's 1.5 s timeout
      await settle();
      const stuck = await deliveries(slow.id);
      expect(stuck).toHaveLength(6);
      expect(stuck.every((d) => d.status === 'retrying')).toBe(true);
      expect(stuck[0]?.last_error).toMatch(/timeout/);
      // At most 4 attempts in flight per endpoint: the other two waited their turn.
      expect(dead.received.length).toBe(6);
      await call('DELETE', `/webhooks/endpoints/${slow.id}`);
      await call('DELETE', `/webhooks/endpoints/${fast.id}`);
    } finally {
      await dead.close();
    }
  });
});

describe('jobs notify with their credits', () => {
  async function upload(file: string): Promise<string> {
    const res = await fetch(`${engine.api}/files`, {
      method: 'POST',
      headers: bearer(token(), { 'Content-Type': 'audio/wav' }),
      body: fs.readFileSync(file),
    });
    return ((await res.json()) as { file_key: string }).file_key;
  }

  async function finished(id: number): Promise<JobView> {
    for (let i = 0; i < 600; i++) {
      const job = (await call<JobView>('GET', `/jobs/${id}`)).body;
      if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not finish');
  }

  it('an audio_analysis job reserves, settles and sends job.completed; a failing one refunds and sends job.failed', async () => {
    const endpoint = await createEndpoint(receiver.url, ['job.completed', 'job.failed']);
    receiver.secret = endpoint.secret;
    const balance = async () =>
      (await call<{ credits_balance: number }>('GET', '/credits')).body.credits_balance;
    const start = await balance();
    const before = receiver.received.length;

    const ok = await postJson(
      engine,
      '/analysis',
      { file_key: await upload(makeSineWav(temp.dir, 'ok.wav', 30)) },
      bearer(token()),
    );
    expect(ok.status).toBe(202);
    const okJob = (await ok.json()) as JobView;
    expect(engine.engine.services.jobRepo.get(okJob.id)?.creditsState).toMatch(/held|settled/);
    expect((await finished(okJob.id)).status).toBe('completed');
    await receiver.waitFor(before + 1);
    expect(await balance()).toBe(start - 1);

    fs.writeFileSync(path.join(temp.dir, 'bad.wav'), 'not audio at all '.repeat(20));
    const bad = await postJson(
      engine,
      '/analysis',
      { file_key: await upload(path.join(temp.dir, 'bad.wav')) },
      bearer(token()),
    );
    const badJob = (await bad.json()) as JobView;
    expect((await finished(badJob.id)).status).toBe('failed');
    await receiver.waitFor(before + 2);
    expect(await balance()).toBe(start - 1); // refunded

    const [completed, failed] = receiver.received.slice(before).map((r) => r);
    expect(completed?.signatureValid && failed?.signatureValid).toBe(true);
    expect(completed?.headers['x-service-event']).toBe('job.completed');
    expect(completed?.body).toEqual({
      event_type: 'job.completed',
      event_id: completed?.headers['x-service-event-id'],
      created_at: expect.any(String),
      job_id: okJob.id,
      job_type: 'media_converter',
      status: 'completed',
      credits_reserved: 1,
      credits_used: 1,
      credits_refunded: 0,
    });
    expect(failed?.body).toEqual({
      event_type: 'job.failed',
      event_id: failed?.headers['x-service-event-id'],
      created_at: expect.any(String),
      job_id: badJob.id,
      job_type: 'media_converter',
      status: 'failed',
      error_message: expect.any(String),
      failure_reason: 'invalid_input',
      credits_reserved: 1,
      credits_used: 0,
      credits_refunded: 1,
    });
    expect(engine.engine.services.jobRepo.get(badJob.id)?.creditsState).toBe('refunded');
    await settle();
    expect(await deliveries(endpoint.id, '?event_type=job.failed')).toHaveLength(1);
    expect((await call('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
  });
});
