// Webhook address safety on a real engine in its default setting (loopback receivers NOT
// allowed): private, loopback and mapped addresses refused at registration, names resolving to
// them refused too (injected DNS answers), and a DNS answer that changes between registration
// and delivery refused at delivery — the attempt is logged as failed and nothing reaches the
// address, although a receiver is listening right there.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../engine/src/clock.ts';
import type { ResolvedAddress } from '../../engine/src/features/platform/net/address-guard.ts';
import { bearer } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  makeSelfSignedCertificate,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';

const temp = makeTempDir();
const clock = new ManualClock(Date.parse('2026-08-03T12:00:00Z'));
/** The injected resolver's answers; tests change them between steps. */
const dnsAnswers = new Map<string, string[]>();
const dnsQueries: string[] = [];
let engine: TestEngine;
let receiver: WebhookReceiver;

async function lookup(hostname: string): Promise<ResolvedAddress[]> {
  dnsQueries.push(hostname);
  const answer = dnsAnswers.get(hostname);
  if (!answer) throw Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' });
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

beforeAll(async () => {
  const certificate = makeSelfSignedCertificate(temp.dir);
  receiver = await startWebhookReceiver(certificate, { host: '127.0.0.1' });
  engine = await startEngine(
    { home: path.join(temp.dir, 'home'), webhooksCaFile: certificate.certFile },
    { clock, webhookLookup: lookup },
  );
});

afterAll(async () => {
  await engine.stop();
  await receiver.close();
  temp.cleanup();
});

async function register(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${engine.api}/webhooks/endpoints`, {
    method: 'POST',
    headers: bearer(engine.token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ url, events: ['job.completed'] }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('webhook address safety', () => {
  it.each([
    ['https://127.0.0.1/hook', /loopback/],
    ['https://10.0.0.5/hook', /private address \(10\.0\.0\.0\/8\)/],
    ['https://[::1]/hook', /loopback address ::1/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback.*carried in IPv6/],
    ['https://0.0.0.0/hook', /this network/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://100.64.0.1/hook', /carrier-grade NAT/],
    ['https://[fd00::1]/hook', /unique-local/],
    ['https://[fe80::1]/hook', /link-local/],
    ['http://127.0.0.1:8080/hook', /only https/],
    ['http://localhost:8080/hook', /only https/],
  ])('refuses %s at registration', async (url, reason) => {
    const res = await register(url);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(String(res.body.detail)).toMatch(reason);
  });

  it('refuses a host name that resolves to a private address', async () => {
    dnsAnswers.set('internal.example.com', ['10.20.30.40']);
    dnsAnswers.set('sneaky.example.com', ['93.184.216.34', '::ffff:192.168.1.1']);
    for (const host of ['internal.example.com', 'sneaky.example.com']) {
      const res = await register(`https://${host}/hook`);
      expect(res.status, host).toBe(400);
      expect(String(res.body.detail)).toMatch(new RegExp(`${host} resolves to`));
    }
    expect(dnsQueries).toEqual(
      expect.arrayContaining(['internal.example.com', 'sneaky.example.com']),
    );
    const list = await fetch(`${engine.api}/webhooks/endpoints`, { headers: bearer(engine.token) });
    expect(await list.json()).toEqual([]);
  });

  it('refuses at delivery when the DNS answer changed since registration; nothing is sent', async () => {
    const host = 'rebind.example.com';
    dnsAnswers.set(host, ['93.184.216.34']);
    const url = `https://${host}:${receiver.port}/hook`;
    const created = await register(url);
    expect(created.status).toBe(201);
    const id = String(created.body.id);

    // Now the name points at this machine, where a receiver is listening.
    dnsAnswers.set(host, ['127.0.0.1']);
    const queriesBefore = dnsQueries.filter((q) => q === host).length;
    const test = await fetch(`${engine.api}/webhooks/endpoints/${id}/test`, {
      method: 'POST',
      headers: bearer(engine.token),
    });
    expect(test.status).toBe(202);
    await engine.engine.services.webhooks.scheduler.settle();
    // DNS was asked again at delivery, and the answer refused before any connection.
    expect(dnsQueries.filter((q) => q === host).length).toBe(queriesBefore + 1);
    expect(receiver.connections()).toBe(0);
    expect(receiver.received).toEqual([]);
    const log = (await (
      await fetch(`${engine.api}/webhooks/endpoints/${id}/deliveries`, {
        headers: bearer(engine.token),
      })
    ).json()) as { deliveries: Record<string, unknown>[] };
    expect(log.deliveries[0]).toMatchObject({
      status: 'retrying',
      response_code: null,
      attempts: 1,
      last_error: expect.stringMatching(
        /^refused before sending: rebind\.example\.com resolves to 127\.0\.0\.1, a loopback address/,
      ),
    });
    // A PATCH to an internal address is refused the same way.
    const patch = await fetch(`${engine.api}/webhooks/endpoints/${id}`, {
      method: 'PATCH',
      headers: bearer(engine.token, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ url: 'https://[::ffff:10.0.0.1]/hook' }),
    });
    expect(patch.status).toBe(400);
  });
});
