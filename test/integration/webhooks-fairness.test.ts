// Issue 25, defect 7: one user could delay everyone's webhooks — 72 deliveries to slow receivers
// held another user's healthy delivery 29.9 s, because every slot went to the oldest due rows.
// Slots are now shared fairly (docs/api/webhooks.md, "Fair delivery"): an owner holds at most a
// quarter of them, an endpoint four, and due work starts round-robin across owners. Real HTTPS
// receivers on this machine: three slow ones (they hold every request until the test lets them
// answer) behind twelve endpoints of one account, and a healthy one of another account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_CONCURRENCY } from '../../engine/src/features/webhooks/webhook-service.ts';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  makeSelfSignedCertificate,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';

/** How long the healthy delivery may take (main: it waited behind the slow ones for 30 s). */
const HEALTHY_WAIT_MS = 45_000;
const temp = makeTempDir('webhooks-fair-');
let engine: TestEngine;
let slow: WebhookReceiver[] = [];
let healthy: WebhookReceiver;
let mallory: TestUser;
let alice: TestUser;

async function endpoint(user: TestUser, url: string): Promise<{ id: string; secret: string }> {
  const res = await postJson(
    engine,
    '/webhooks/endpoints',
    { url, events: ['job.completed'] },
    bearer(user.tokens.access_token),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; secret: string };
}

async function testEvent(user: TestUser, endpointId: string): Promise<void> {
  const res = await postJson(
    engine,
    `/webhooks/endpoints/${endpointId}/test`,
    {},
    bearer(user.tokens.access_token),
  );
  expect(res.status).toBeLessThan(300);
}

beforeAll(async () => {
  const certificate = makeSelfSignedCertificate(temp.dir);
  slow = await Promise.all([0, 1, 2].map(() => startWebhookReceiver(certificate)));
  for (const receiver of slow) receiver.defaultReply = 'hang';
  healthy = await startWebhookReceiver(certificate);
  engine = await startEngine({
    webhooksLoopbackPorts: UNPRIVILEGED_PORTS,
    webhooksCaFile: certificate.certFile,
  });
  mallory = await registerUser(engine);
  alice = await registerUser(engine);
});

afterAll(async () => {
  await engine?.stop();
  await Promise.all([...slow, healthy].map((r) => r?.close()));
  temp.cleanup();
});

describe('fair webhook delivery', () => {
  it("one account's 72 slow deliveries do not hold another account's healthy one", async () => {
    // Twelve endpoints (four per slow receiver), six events each: 72 deliveries queued at once.
    const mallorys = [];
    for (const receiver of slow)
      for (let i = 0; i < 4; i++) mallorys.push(await endpoint(mallory, receiver.url));
    const held = (): number => slow.reduce((sum, r) => sum + r.open(), 0);
    const received = (): number => slow.reduce((sum, r) => sum + r.received.length, 0);
    await Promise.all(
      mallorys.flatMap((own) => Array.from({ length: 6 }, () => testEvent(mallory, own.id))),
    );
    // The slow receivers fill up with what the scheduler lets through, then nothing moves.
    let mostAtOnce = 0;
    for (let stable = 0; stable < 10;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stable = held() === mostAtOnce && held() > 0 ? stable + 1 : 0;
      mostAtOnce = Math.max(mostAtOnce, held());
    }

    const alices = await endpoint(alice, healthy.url);
    healthy.secret = alices.secret;
    const sentAt = Date.now();
    await testEvent(alice, alices.id);
    const arrived = await healthy.waitFor(1, HEALTHY_WAIT_MS).catch(() => []);
    const waitedMs = (arrived[0]?.receivedAt ?? Infinity) - sentAt;

    // The slow receivers catch up: all 72 arrive, never more than the owner's share at once.
    for (const receiver of slow) receiver.defaultReply = 200;
    const sampler = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, held());
      for (const receiver of slow) receiver.release();
    }, 20);
    const started = Date.now();
    while (received() < 72 && Date.now() - started < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    clearInterval(sampler);
    console.log(
      `72 deliveries of one account held by slow receivers: another account's healthy delivery ` +
        `arrived after ${waitedMs} ms; at most ${mostAtOnce} of the ${DELIVERY_CONCURRENCY} ` +
        `slots held at once; all 72 delivered ${Date.now() - started} ms after the receivers caught up`,
    );
    expect(waitedMs).toBeLessThan(2000);
    expect(arrived[0]?.signatureValid).toBe(true);
    expect(mostAtOnce).toBe(DELIVERY_CONCURRENCY / 4);
    expect(received()).toBe(72);
  }, 180_000);
});
