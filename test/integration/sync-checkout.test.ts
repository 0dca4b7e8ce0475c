// Sync, pay-as-you-go (docs/api/credits.md, "Pay-as-you-go"; docs/api/sync.md, "Credits"): a
// linked studio's owner buys on the hosted account; the hosted engine opens the checkout with
// Stripe's official SDK and credits the purchase from Stripe's signed webhook, verified by the
// SDK and signed here with the SDK's own test helper. The one call to Stripe's API goes to a
// local server speaking its shape (TAPEHOUSE_STRIPE_API_URL): no test reaches Stripe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import {
  call,
  registerHostedUser,
  startHosted,
  startStudio,
  type HostedUser,
  type RestartableEngine,
} from '../helpers/sync-engines.ts';

const STRIPE_KEY = 'sk_test_tapehouse_sync';
const WEBHOOK_SECRET = 'whsec_tapehouse_sync_test_secret';

interface StripeCall {
  path: string;
  authorization: string;
  form: URLSearchParams;
}

let smtp: SmtpPeer;
let stripeApi: http.Server;
let stripeUrl = '';
const stripeCalls: StripeCall[] = [];
let hosted: RestartableEngine;
let studio: RestartableEngine;
let owner: HostedUser;
let sessionId = '';

/** Answers POST /v1/checkout/sessions as Stripe's API does (the fields the SDK reads). */
function startStripeApi(): Promise<void> {
  let next = 1;
  stripeApi = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      stripeCalls.push({
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        form,
      });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'no route' } }));
        return;
      }
      const id = `cs_test_${String(next++).padStart(4, '0')}`;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': `req_${id}` });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: 'usd',
          client_reference_id: form.get('client_reference_id'),
          metadata: {
            user_id: form.get('metadata[user_id]'),
            credits: form.get('metadata[credits]'),
          },
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  return new Promise((resolve) =>
    stripeApi.listen(0, '127.0.0.1', () => {
      stripeUrl = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function completedEvent(id: string, session: string): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: 200,
        currency: 'usd',
        metadata: { user_id: owner.id, credits: '15000' },
      },
    },
  });
}

async function sendStripeEvent(
  engine: RestartableEngine,
  payload: string,
  secret = WEBHOOK_SECRET,
) {
  const signature = new Stripe(STRIPE_KEY).webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${engine.api}/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  await startStripeApi();
  hosted = await startHosted(smtp, {
    env: {
      TAPEHOUSE_STRIPE_SECRET_KEY: STRIPE_KEY,
      TAPEHOUSE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TAPEHOUSE_STRIPE_API_URL: stripeUrl,
    },
  });
  // Even given a Stripe key, a local studio does not sell: it only forwards to the hosted one.
  studio = await startStudio(hosted.url, {
    env: { TAPEHOUSE_STRIPE_SECRET_KEY: STRIPE_KEY, TAPEHOUSE_STRIPE_API_URL: stripeUrl },
  });
  owner = await registerHostedUser(hosted, smtp);
});

afterAll(async () => {
  await studio?.stop();
  await hosted?.stop();
  await smtp?.stop();
  await new Promise<void>((resolve) => stripeApi?.close(() => resolve()));
});

describe('pay-as-you-go through the hosted account', () => {
  it('an unlinked studio has no payment provider', async () => {
    const res = await call(studio, studio.token, 'POST', '/credits/payg/create-checkout-session', {
      amount_usd: 2,
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
    expect(stripeCalls).toHaveLength(0);
  });

  it('linked, the owner’s checkout opens on the hosted service, through Stripe', async () => {
    const linked = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(linked.body).toMatchObject({ state: 'linked' });
    const res = await call(studio, studio.token, 'POST', '/credits/payg/create-checkout-session', {
      amount_usd: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_to_receive: 15000, amount_usd: 2 });
    sessionId = String(res.body.session_id);
    expect(res.body.checkout_url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    expect(stripeCalls).toHaveLength(1);
    const [sent] = stripeCalls;
    expect(sent?.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    expect(sent?.form.get('mode')).toBe('payment');
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('200');
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent?.form.get('metadata[user_id]')).toBe(owner.id);
    expect(sent?.form.get('metadata[credits]')).toBe('15000');
  });

  it('a local user who is not the machine owner cannot spend the hosted account', async () => {
    const local = await registerUser(studio);
    const res = await call(
      studio,
      local.tokens.access_token,
      'POST',
      '/credits/payg/create-checkout-session',
      { amount_usd: 2 },
    );
    expect(res.status).toBe(503);
    expect(stripeCalls).toHaveLength(1);
  });

  it('Stripe’s signed webhook credits the hosted account once; the studio shows it', async () => {
    const before = await call(hosted, owner.access, 'GET', '/credits');
    const first = await sendStripeEvent(hosted, completedEvent('evt_test_1', sessionId));
    expect(first).toMatchObject({ status: 200, body: { received: true, action: 'credited' } });
    // Stripe redelivers; a second event about the same session adds nothing.
    const again = await sendStripeEvent(hosted, completedEvent('evt_test_1', sessionId));
    expect(again.body.action).toBe('already_credited');
    const other = await sendStripeEvent(hosted, completedEvent('evt_test_2', sessionId));
    expect(other.body.action).toBe('already_credited');

    const after = await call(hosted, owner.access, 'GET', '/credits');
    expect(Number(after.body.payg_balance)).toBe(Number(before.body.payg_balance) + 15000);
    expect(Number(after.body.total_payg_credits_purchased)).toBe(15000);
    const status = await call(studio, studio.token, 'POST', '/sync/run');
    expect(status.body.hosted_credits).toMatchObject({
      payg_balance: after.body.payg_balance,
      total_available_credits: after.body.total_available_credits,
    });
  });

  it('refuses an event signed with another secret, or not signed', async () => {
    const forged = await sendStripeEvent(
      hosted,
      completedEvent('evt_test_3', sessionId),
      'whsec_someone_else',
    );
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${hosted.api}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: completedEvent('evt_test_4', sessionId),
    });
    expect(unsigned.status).toBe(400);
  });

  it('the studio takes no Stripe events: it holds no payment secret', async () => {
    const res = await sendStripeEvent(studio, completedEvent('evt_test_5', sessionId));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
  });
});
