// Issue 13, defect 4: requests the HTTP layer itself refuses (a body that is not the gzip it
// claims, a path that is not valid percent-encoding, a form with too many fields, a header block
// over Node's limit) answer a 4xx in the documented error shape ({detail, code}, docs/api/
// errors.md), never a 500, never a stack trace, never a bare status line.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { rawRequest, type RawResponse } from '../helpers/http.ts';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startEngine();
});
afterAll(async () => {
  await engine.stop();
});

function expectErrorShape(res: RawResponse, status: number, code: string): void {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ code, detail: expect.any(String) });
  expect(res.body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/);
}

describe('requests refused below the route table', () => {
  it('answers 400 to a Content-Encoding: gzip body that is not gzip', async () => {
    const res = await rawRequest(`${engine.api}/analysis`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${engine.token}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
      body: '{"file_key": "not gzip at all"}',
    });
    expectErrorShape(res, 400, 'bad_request');
  });

  it('answers 400 to a path segment that is not valid percent-encoding', async () => {
    const res = await rawRequest(`${engine.api}/jobs/%ZZ`, {
      headers: { Authorization: `Bearer ${engine.token}` },
    });
    expectErrorShape(res, 400, 'validation_error');
  });

  it('answers 413 to a form with 1,500 parameters', async () => {
    const body = Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&');
    const res = await rawRequest(`${engine.api}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expectErrorShape(res, 413, 'payload_too_large');
  });

  it('answers 431 with the JSON error shape to an oversized header block', async () => {
    const { port } = new URL(engine.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toMatchObject({
      code: 'request_header_fields_too_large',
      detail: expect.any(String),
    });
    // The engine keeps serving.
    expect((await fetch(`${engine.api}/health`)).status).toBe(200);
  });

  it('closes a connection whose body it refused unread, so the next request is answered', async () => {
    // Found by the fuzz test: a 413 on an unread 300 KB body kept the connection alive, and the
    // next request sent on it was never answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer) =>
      new Promise<{ status: number; connection: string }>((resolve, reject) => {
        const req = http.request(
          `${engine.api}/stem-extraction/extract/advanced`,
          {
            agent,
            method: 'POST',
            headers: {
              Authorization: `Bearer ${engine.token}`,
              'Content-Type': 'application/json',
              'Content-Length': body.length,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection) }),
            );
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = await post(Buffer.from(JSON.stringify({ file: 'x'.repeat(300_000) })));
      expect(big).toEqual({ status: 413, connection: 'close' });
      expect((await post(Buffer.from('{}'))).status).toBe(400);
    } finally {
      agent.destroy();
    }
  });
});
