// The HTTP edge: request ids, the host/origin guard, the error shape, 404/410 from the table.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, readJournal } from '../../engine/src/db/migrate.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { rawRequest } from '../helpers/http.ts';

interface Health {
  paths_shown: boolean;
  data_dir: string | null;
  database: { path: string | null };
  ffmpeg: { status: string; path: string | null };
  models: { models_dir: string | null };
}

/** Sends raw bytes (fetch and http.request cannot send a header twice) and reads the head. */
function rawHead(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(data.split('\r\n\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

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
    expect(body.models).toHaveProperty('installed_packs');
  });

  // Issue 25, defect 9: the absolute paths (data folder, database, ffmpeg, models folder) went
  // to any caller; they are the owner's only (the studio token or a studio session).
  it('shows the absolute paths to the machine owner only', async () => {
    const anyone = (await (await fetch(`${engine.api}/health`)).json()) as Health;
    const wrong = (await (
      await fetch(`${engine.api}/health`, { headers: { Authorization: 'Bearer nope' } })
    ).json()) as Health;
    for (const body of [anyone, wrong]) {
      expect(body.paths_shown).toBe(false);
      expect(body.data_dir).toBeNull();
      expect(body.database.path).toBeNull();
      expect(body.ffmpeg.path).toBeNull();
      expect(body.models.models_dir).toBeNull();
      expect(JSON.stringify(body)).not.toContain(engine.home);
      expect(body.ffmpeg.status).toBe('ok'); // the facts stay; only the places go
    }
    const owner = (await (
      await fetch(`${engine.api}/health`, { headers: { Authorization: `Bearer ${engine.token}` } })
    ).json()) as Health;
    expect(owner.paths_shown).toBe(true);
    expect(owner.data_dir).toBe(engine.home);
    expect(owner.database.path).toBe(path.join(engine.home, 'tapehouse.db'));
    expect(owner.ffmpeg.path).toMatch(/ffmpeg/);
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

  // Issue 25, defect 9: node keeps the first of two Host headers; a proxy may route by another.
  it('refuses a request with two Host headers (400), whichever comes first', async () => {
    const port = Number(new URL(engine.url).port);
    for (const hosts of [
      [`127.0.0.1:${port}`, 'evil.example'],
      ['evil.example', `127.0.0.1:${port}`],
      [`127.0.0.1:${port}`, `127.0.0.1:${port}`],
    ]) {
      const head = await rawHead(
        port,
        `GET /api/v1/health HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Connection: close\r\n\r\n`,
      );
      expect(head, hosts.join(' + ')).toMatch(/^HTTP\/1\.1 (400|403) /);
      expect(head).not.toMatch(/^HTTP\/1\.1 200/);
    }
    const one = await rawHead(
      port,
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(one).toMatch(/^HTTP\/1\.1 200 /);
    expect(one.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  // Issue 25, defect 9: a download named text/html but holding a script must not be sniffed.
  it('sends X-Content-Type-Options: nosniff with downloads, answers and errors', async () => {
    const file = path.join(engine.home, 'page.txt');
    fs.writeFileSync(file, '<script>alert(1)</script>');
    const signed = engine.engine.services.urls.sign({
      path: file,
      filename: 'page.txt',
      contentType: 'text/plain',
    });
    const download = await fetch(`${engine.url}${signed.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const refused = await fetch(
      `${engine.url}${signed.url.replace(/signature=[^&]+/, 'signature=x')}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
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
