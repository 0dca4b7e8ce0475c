import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../errors.ts';
import { providerGet } from './provider-http.ts';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') return; // never answers
    if (req.url === '/text') {
      res.end('not json');
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ ok: true, auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('providerGet', () => {
  it('answers status, headers and parsed JSON, sending the given headers', async () => {
    const answer = await providerGet(`${base}/ok`, {
      provider: 'Test',
      headers: { Authorization: 'Bearer t' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, auth: 'Bearer t' });
    expect((await providerGet(`${base}/text`, { provider: 'Test' })).json).toBeNull();
  });

  it('gives up after the time limit with 503 naming the provider', async () => {
    const started = Date.now();
    const error = await failure(providerGet(`${base}/slow`, { provider: 'Test', timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toMatch(/^Test could not be reached .* no answer within 0.2 s/);
  });

  it('is 503 when nobody listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(providerGet(`http://127.0.0.1:${port}/x`, { provider: 'Test' }));
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
