import { describe, expect, it } from 'vitest';
import type { AccessTokenSource } from '../../renderer/src/api/account-client.ts';
import type { FetchLike } from '../../renderer/src/api/client.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';
import { CreditsClient } from '../../renderer/src/features/credits/credits-client.ts';
import { NO_FILTERS } from '../../renderer/src/features/credits/credits-model.ts';
import { UserApi } from '../../renderer/src/features/credits/user-api.ts';
import { WebhooksClient } from '../../renderer/src/features/webhooks/webhooks-client.ts';

interface Call {
  url: string;
  method: string;
  auth: string | undefined;
  body: unknown;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function fake(answers: (() => Response)[]): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      const headers = init?.headers as Record<string, string>;
      calls.push({
        url,
        method: init?.method ?? 'GET',
        auth: headers.Authorization,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected request ${url}`);
      return next();
    },
  };
}

class Tokens implements AccessTokenSource {
  token = 'access-1';
  renewed: string[] = [];
  rejectedTokens: string[] = [];
  async current() {
    return this.token;
  }
  async renew(expired: string) {
    this.renewed.push(expired);
    this.token = 'access-2';
    return this.token;
  }
  rejected(token: string) {
    this.rejectedTokens.push(token);
  }
}

function setup(answers: (() => Response)[]) {
  const tokens = new Tokens();
  const transport = fake(answers);
  const api = new UserApi({
    baseUrl: async () => 'http://127.0.0.1:9/',
    tokens,
    studioToken: async () => 'studio-tok',
    fetch: transport.fetch,
  });
  return {
    tokens,
    calls: transport.calls,
    credits: new CreditsClient(api),
    hooks: new WebhooksClient(api),
  };
}

describe('credits client', () => {
  it('reads a usage page and its totals from the headers', async () => {
    const record = { id: 'u1', credits_used: 3, service_type: 'audio_analysis' };
    const { calls, credits } = setup([
      () =>
        json(200, [record], {
          'X-Total-Count': '21',
          'X-Page': '2',
          'X-Per-Page': '20',
          'X-Has-Next': 'false',
        }),
    ]);
    const page = await credits.usage({ ...NO_FILTERS, source: 'subscription' }, 2, 20);
    expect(calls[0]).toMatchObject({
      url: 'http://127.0.0.1:9/api/v1/credits/usage?credit_source=subscription&page=2&per_page=20',
      auth: 'Bearer access-1',
    });
    expect(page.records).toEqual([record]);
    expect(page.page).toMatchObject({
      total: 21,
      first: 21,
      last: 21,
      hasNext: false,
      hasPrev: true,
    });
  });

  it('uses the studio token for the owner’s Local plan only', async () => {
    const plan = { plan_id: 'local', plan_name: 'Local', credits_per_month: 5, daily_limit: 2 };
    const { calls, credits } = setup([
      () => json(200, plan),
      () => json(200, { credits_balance: 1 }),
    ]);
    expect(await credits.setLocalPlan({ daily_limit: 2 })).toEqual(plan);
    await credits.balance();
    expect(
      calls.map((call) => [
        call.method,
        call.url.replace('http://127.0.0.1:9/api/v1', ''),
        call.auth,
      ]),
    ).toEqual([
      ['PUT', '/local/plan', 'Bearer studio-tok'],
      ['GET', '/credits', 'Bearer access-1'],
    ]);
    expect(calls[0]!.body).toEqual({ daily_limit: 2 });
  });

  it('keeps the engine’s code for the "no payment provider" answer', async () => {
    const { credits } = setup([
      () =>
        json(503, {
          detail: 'Buying 75000 credits for 10 USD needs a payment provider.',
          code: 'payment_provider_unavailable',
        }),
    ]);
    const error = await credits.checkout(10).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
  });
});

describe('signed-in transport', () => {
  it('renews an expired access token once and retries', async () => {
    const { tokens, calls, hooks } = setup([
      () => json(401, { detail: 'The access token has expired.', code: 'token_expired' }),
      () => json(200, []),
    ]);
    expect(await hooks.list()).toEqual([]);
    expect(tokens.renewed).toEqual(['access-1']);
    expect(calls.map((call) => call.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('tells the session it is over on 401 unauthorized, without retrying', async () => {
    const { tokens, calls, hooks } = setup([
      () => json(401, { detail: 'Sign in again.', code: 'unauthorized' }),
    ]);
    await expect(hooks.list()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(tokens.rejectedTokens).toEqual(['access-1']);
    expect(calls).toHaveLength(1);
  });

  it('calls the webhook routes with the documented paths and bodies', async () => {
    const delivery = { id: 'd1', status: 'pending' };
    const { calls, hooks } = setup([
      () => json(201, { id: 'e/1', secret: 'whsec_x' }),
      () => json(202, delivery),
      () =>
        json(200, {
          deliveries: [],
          total: 0,
          page: 1,
          per_page: 10,
          has_next: false,
          has_prev: false,
        }),
      () => json(202, delivery),
      () => json(200, { id: 'e/1', active: false }),
      () => json(204, null),
    ]);
    await hooks.create({ url: 'https://h.example/x', events: ['job.failed'], description: '' });
    await hooks.sendTest('e/1');
    await hooks.deliveries('e/1', { page: 1, perPage: 10 });
    await hooks.redeliver('d1');
    await hooks.update('e/1', { active: false });
    await hooks.remove('e/1');
    expect(
      calls.map((call) => `${call.method} ${call.url.replace('http://127.0.0.1:9/api/v1', '')}`),
    ).toEqual([
      'POST /webhooks/endpoints',
      'POST /webhooks/endpoints/e%2F1/test',
      'GET /webhooks/endpoints/e%2F1/deliveries?page=1&per_page=10',
      'POST /webhooks/deliveries/d1/redeliver',
      'PATCH /webhooks/endpoints/e%2F1',
      'DELETE /webhooks/endpoints/e%2F1',
    ]);
    expect(calls[0]!.body).toEqual({
      url: 'https://h.example/x',
      events: ['job.failed'],
      description: '',
    });
    expect(calls[4]!.body).toEqual({ active: false });
  });

  it('turns a refused connection into a network ApiError', async () => {
    const api = new UserApi({
      baseUrl: '',
      tokens: new Tokens(),
      studioToken: async () => 's',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(api.json('/credits')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
