/**
 * The typed contract api over its transports (renderer/src/api/transports.ts), which every data
 * hook uses: the bearer token and query strings, the engine's errors as ApiError, an unreachable
 * engine, the signed-in person's token renewed once on 401 token_expired and the session ended on
 * 401 unauthorized, and uploads (raw bytes with the file type and name headers).
 */
import { describe, expect, it } from 'vitest';
import { contractApi } from '../../renderer/src/api/contract.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';
import type { AccessTokenSource, FetchLike } from '../../renderer/src/api/request.ts';
import { accessTokenTransport, tokenTransport } from '../../renderer/src/api/transports.ts';
import { headerSafeFilename, uploadFile } from '../../renderer/src/data/upload.ts';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answers: (() => Response | Promise<Response>)[]): {
  fetch: FetchLike;
  calls: Call[];
} {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error(`unexpected request ${url}`);
      return next();
    },
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const headersOf = (call: Call | undefined) => (call?.init?.headers ?? {}) as Record<string, string>;

function studio(fetch: FetchLike) {
  return contractApi(
    tokenTransport({ baseUrl: 'http://127.0.0.1:9/', getToken: async () => 'tok', fetch }),
  );
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

describe('contract api over the studio token', () => {
  it('adds the bearer token, fills params and builds query strings', async () => {
    const fake = fakeFetch([() => json(200, { jobs: [], total: 0 })]);
    await studio(fake.fetch).get('/jobs', { query: { status: 'running', page: 2, per_page: 20 } });
    expect(fake.calls[0]?.url).toBe(
      'http://127.0.0.1:9/api/v1/jobs?status=running&page=2&per_page=20',
    );
    expect(headersOf(fake.calls[0]).Authorization).toBe('Bearer tok');
    await studio(fake.fetch).get('/webhooks/endpoints/{endpoint_id}', {
      params: { endpoint_id: 'e/1' },
    });
    expect(fake.calls[1]?.url).toBe('http://127.0.0.1:9/api/v1/webhooks/endpoints/e%2F1');
  });

  it('sends no token without a token source (the open routes)', async () => {
    const fake = fakeFetch([() => json(200, { status: 'ok' })]);
    await contractApi(tokenTransport({ baseUrl: '', fetch: fake.fetch })).get('/health', {});
    expect(headersOf(fake.calls[0]).Authorization).toBeUndefined();
  });

  it('turns {detail, code} answers into ApiError with the request id', async () => {
    const fake = fakeFetch([
      () =>
        json(401, { detail: 'Missing token.', code: 'unauthorized' }, { 'x-request-id': 'r-1' }),
    ]);
    const error = await studio(fake.fetch)
      .get('/jobs/{job_id}', { params: { job_id: 4 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      detail: 'Missing token.',
      requestId: 'r-1',
    });
  });

  it('copes with error bodies that are not the engine’s JSON', async () => {
    const fake = fakeFetch([
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    await expect(
      studio(fake.fetch).get('/jobs/{job_id}', { params: { job_id: 1 } }),
    ).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports an unreachable engine as network_error', async () => {
    const fake = fakeFetch([
      () => {
        throw new TypeError('fetch failed');
      },
    ]);
    await expect(studio(fake.fetch).get('/health', {})).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('uploads raw bytes with the file type and name headers', async () => {
    const fake = fakeFetch([() => json(201, { file_key: 'k' })]);
    const file = new File([new Uint8Array([1, 2, 3])], 'Kapitel 1 – Ü.wav', { type: 'audio/wav' });
    await uploadFile(studio(fake.fetch), file);
    const upload = fake.calls[0]!;
    expect(upload.init?.method).toBe('POST');
    expect(upload.init?.body).toBe(file);
    expect(upload.init?.headers).toMatchObject({
      'Content-Type': 'audio/wav',
      'X-Filename': 'Kapitel%201%20%E2%80%93%20%C3%9C.wav',
    });
  });

  it('keeps plain ASCII names readable in X-Filename', () => {
    expect(headerSafeFilename('chapter-01.wav')).toBe('chapter-01.wav');
    expect(headerSafeFilename('100% take.wav')).toBe('100%25%20take.wav');
    expect(decodeURIComponent(headerSafeFilename('Ü.wav'))).toBe('Ü.wav');
  });
});

describe('contract api as the signed-in person', () => {
  function user(answers: (() => Response)[]) {
    const tokens = new Tokens();
    const fake = fakeFetch(answers);
    const api = contractApi(
      accessTokenTransport({
        baseUrl: async () => 'http://127.0.0.1:9',
        tokens,
        fetch: fake.fetch,
      }),
    );
    return { tokens, calls: fake.calls, api };
  }

  it('renews an expired access token once and retries', async () => {
    const { tokens, calls, api } = user([
      () => json(401, { detail: 'The access token has expired.', code: 'token_expired' }),
      () => json(200, []),
    ]);
    expect(await api.get('/webhooks/endpoints', {})).toEqual([]);
    expect(tokens.renewed).toEqual(['access-1']);
    expect(calls.map((call) => headersOf(call).Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('tells the session it is over on 401 unauthorized, without retrying', async () => {
    const { tokens, calls, api } = user([
      () => json(401, { detail: 'Sign in again.', code: 'unauthorized' }),
    ]);
    await expect(api.get('/credits', {})).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(tokens.rejectedTokens).toEqual(['access-1']);
    expect(calls).toHaveLength(1);
  });

  it('reads a usage page’s totals from the answer’s headers', async () => {
    const { api } = user([
      () => json(200, [], { 'X-Total-Count': '41', 'X-Page': '3', 'X-Per-Page': '20' }),
    ]);
    const response = await api.send('get', '/credits/usage', { query: { page: 3, per_page: 20 } });
    expect(response.headers.get('X-Total-Count')).toBe('41');
  });
});
