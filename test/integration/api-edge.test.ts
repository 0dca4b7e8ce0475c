// The HTTP edge: request ids, the host/origin guard, the error shape, 404/410 from the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, readJournal } from '../../engine/src/db/migrate.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { rawRequest } from '../helpers/http.ts';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startEngine();
});
afterAll(async () => {
  await engine.stop();
});

describe('health', () => {
  it('reports version, database, ffmpeg, ONNX Runtime, models and data dir without auth', async () => {
    const res = await fetch(`${engine.api}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await res.json()) as Record<string, Record<string, unknown>>;
    expect(body.version).toBe('0.1.0');
    expect(body.database).toMatchObject({
      status: 'ok',
      journal_mode: 'wal',
      // The newest committed migration, whichever feature added it.
      schema_version: readJournal(DEFAULT_MIGRATIONS_DIR).at(-1)?.tag,
    });
    expect(body.ffmpeg).toMatchObject({ status: 'ok' });
    expect(String(body.ffmpeg?.version)).toMatch(/\d/);
    expect(body.onnxruntime?.version).toBe('1.30.0');
    expect(body.onnxruntime?.selected_providers).toContain('cpu');
    expect((body.onnxruntime?.selected_providers as string[]).at(-1)).toBe('cpu');
    expect(body.data_dir).toBe(engine.home);
    expect(body.models).toHaveProperty('installed_packs');
  });

  it('keeps a well-formed caller request id', async () => {
    const res = await fetch(`${engine.api}/health`, { headers: { 'X-Request-Id': 'script-42' } });
    expect(res.headers.get('x-request-id')).toBe('script-42');
  });
});

describe('host and origin guard', () => {
  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const res = await rawRequest(`${engine.api}/health`, { headers: { Host: 'evil.example' } });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'host_not_allowed' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses a rebinding host that names our port', async () => {
    const port = new URL(engine.url).port;
    const res = await rawRequest(`${engine.api}/health`, {
      headers: { Host: `attacker.test:${port}` },
    });
    expect(res.status).toBe(403);
  });

  it('accepts localhost and 127.0.0.1 hosts', async () => {
    const port = new URL(engine.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const res = await rawRequest(`${engine.api}/health`, { headers: { Host: host } });
      expect(res.status).toBe(200);
    }
  });

  it('refuses cross-site Origins, including "null", and accepts its own origin', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:1']) {
      const res = await rawRequest(`${engine.api}/jobs`, {
        headers: { Origin: origin, Authorization: `Bearer ${engine.token}` },
      });
      expect(res.status, origin).toBe(403);
      expect(res.json()).toMatchObject({ code: 'origin_not_allowed' });
    }
    const same = await fetch(`${engine.api}/jobs`, {
      headers: { Origin: engine.url, Authorization: `Bearer ${engine.token}` },
    });
    expect(same.status).toBe(200);
  });

  it('never sends Access-Control-Allow-Origin', async () => {
    const res = await fetch(`${engine.api}/health`, { headers: { Origin: engine.url } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('error shape and the route table', () => {
  it('answers unknown /api/v1 routes with 404 {detail, code}', async () => {
    const res = await fetch(`${engine.api}/no/such/route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      detail: expect.stringContaining('/api/v1/no/such/route'),
      code: 'route_not_found',
    });
  });

  it('answers the removed routes with 410 and names the replacement', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      `/audiobook/projects/${id}/narration/start`,
      `/audiobook/projects/${id}/chapters/${id}/regenerate`,
    ]) {
      const res = await fetch(`${engine.api}${path}`, { method: 'POST' });
      expect(res.status).toBe(410);
      const body = (await res.json()) as { code: string; replacement: string };
      expect(body.code).toBe('gone');
      expect(body.replacement).toContain('narration/batch');
    }
  });

  it('requires a credential, rejects malformed and wrong ones with 401', async () => {
    const none = await fetch(`${engine.api}/jobs`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'unauthorized' });
    const malformed = await fetch(`${engine.api}/jobs`, {
      headers: { Authorization: 'Token abc' },
    });
    expect(malformed.status).toBe(401);
    const wrong = await fetch(`${engine.api}/jobs`, { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('answers malformed JSON and invalid fields with 400 and the field path', async () => {
    const auth = { Authorization: `Bearer ${engine.token}`, 'Content-Type': 'application/json' };
    const broken = await fetch(`${engine.api}/analysis`, {
      method: 'POST',
      headers: auth,
      body: '{"file_key": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'validation_error' });
    const invalid = await fetch(`${engine.api}/analysis`, {
      method: 'POST',
      headers: auth,
      body: '{"file_key": 7}',
    });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { fields: { loc: string[] }[] };
    expect(body.fields[0]?.loc).toEqual(['body', 'file_key']);
    const badQuery = await fetch(`${engine.api}/jobs?per_page=1000`, { headers: auth });
    expect(badQuery.status).toBe(400);
  });

  it('serves the web studio at / with a CSP and no credential in the page', async () => {
    const res = await fetch(`${engine.url}/`);
    if (res.status === 503)
      throw new Error('dist/renderer is missing: run npm run build:renderer before the tests');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain(engine.token);
  });
});
