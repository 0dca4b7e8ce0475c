import { describe, expect, it } from 'vitest';
import { ApiClient, headerSafeFilename, type FetchLike } from '../../renderer/src/api/client.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: () => Response | Promise<Response>): {
  fetch: FetchLike;
  calls: Call[];
} {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
  };
}

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function client(fetch: FetchLike): ApiClient {
  return new ApiClient({ baseUrl: 'http://127.0.0.1:9/', getToken: async () => 'tok', fetch });
}

describe('ApiClient', () => {
  it('adds the bearer token and builds query strings', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { jobs: [], total: 0 }));
    await client(fake.fetch).listJobs({ status: 'running', page: 2, per_page: 20 });
    expect(fake.calls[0]?.url).toBe(
      'http://127.0.0.1:9/api/v1/jobs?status=running&page=2&per_page=20',
    );
    expect((fake.calls[0]?.init?.headers as Record<string, string>).Authorization).toBe(
      'Bearer tok',
    );
  });

  it('sends the token to /health when signed in (the owner sees its paths), none when not', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { status: 'ok' }));
    await client(fake.fetch).health();
    expect((fake.calls[0]?.init?.headers as Record<string, string>).Authorization).toBe(
      'Bearer tok',
    );
    const signedOut = new ApiClient({
      baseUrl: 'http://127.0.0.1:9/',
      getToken: () => Promise.reject(new Error('not signed in')),
      fetch: fake.fetch,
    });
    await signedOut.health();
    expect((fake.calls[1]?.init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns {detail, code} answers into ApiError with the request id', async () => {
    const fake = fakeFetch(() =>
      jsonResponse(
        401,
        { detail: 'Missing token.', code: 'unauthorized' },
        { 'x-request-id': 'r-1' },
      ),
    );
    const error = await client(fake.fetch)
      .getJob(4)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      detail: 'Missing token.',
      requestId: 'r-1',
    });
    expect((error as ApiError).describe()).toBe('Missing token. (unauthorized, request r-1)');
  });

  it('copes with error bodies that are not the engine’s JSON', async () => {
    const fake = fakeFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client(fake.fetch).getJob(1)).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
    });
  });

  it('reports an unreachable engine as network_error', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client(fake.fetch).health()).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('uploads raw bytes with the file type and name headers, then starts an analysis', async () => {
    const fake = fakeFetch(() => jsonResponse(201, { file_key: 'k' }));
    const api = client(fake.fetch);
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' });
    await api.uploadFile(file, 'Kapitel 1 – Ü.wav');
    const upload = fake.calls[0]!;
    expect(upload.init?.method).toBe('POST');
    expect(upload.init?.body).toBe(file);
    expect(upload.init?.headers).toMatchObject({
      'Content-Type': 'audio/wav',
      'X-Filename': 'Kapitel%201%20%E2%80%93%20%C3%9C.wav',
    });
    await api.startAnalysis('k');
    expect(fake.calls[1]?.init?.body).toBe('{"file_key":"k"}');
  });

  it('keeps plain ASCII names readable in X-Filename', () => {
    expect(headerSafeFilename('chapter-01.wav')).toBe('chapter-01.wav');
    expect(headerSafeFilename('100% take.wav')).toBe('100%25%20take.wav');
    expect(decodeURIComponent(headerSafeFilename('Ü.wav'))).toBe('Ü.wav');
  });
});
