// Issue 25, defect 1: one unauthenticated multipart body that ends early killed the engine
// (busboy's stream error went unhandled), and manuscript/append and /parse read the body before
// the caller was known. On every multipart route of the route table, against the engine as a
// real child process: the truncated body answers a coded 4xx with or without a credential and
// the process stays up; and no body is read before the caller is authenticated, holds the
// route's scope and owns the resource — the refusal arrives while the body is still unsent.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import {
  MULTIPART_ROUTES,
  TRUNCATED_MULTIPART,
  fillPath,
  ownedPathValues,
} from '../helpers/multipart-routes.ts';

let engine: EngineProcess;
let owned: Record<string, string>;
let bob: TestUser;
let bobsOwn: Record<string, string>;
/** An API key whose one scope no multipart route asks for. */
let unscopedKey: string;

beforeAll(async () => {
  engine = await startEngineProcess();
  owned = await ownedPathValues(engine, engine.token);
  bob = await registerUser(engine);
  bobsOwn = await ownedPathValues(engine, bob.tokens.access_token);
  const key = await postJson(
    engine,
    '/auth/api-keys',
    { name: 'narrow', scopes: ['credits:read'] },
    bearer(engine.token),
  );
  expect(key.status).toBe(201);
  unscopedKey = ((await key.json()) as { api_key: string }).api_key;
}, 120_000);
afterAll(async () => {
  await engine.stop();
});

interface Answer {
  status: number;
  body: string;
}

/** Sends `body` whole, or only its first half and then waits, with the socket left open. */
function send(
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  mode: 'whole' | 'half',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${engine.api}${path}`,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
      },
    );
    req.setTimeout(10_000, () => {
      req.destroy();
      resolve({ status: 0, body: `no answer within 10 s (${mode} body sent)` });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
      reject(error);
    });
    if (mode === 'whole') req.end(body);
    else req.write(body.subarray(0, Math.floor(body.length / 2)));
  });
}

async function expectAlive(after: string): Promise<void> {
  expect(engine.child.exitCode, `the engine exited after ${after}:\n${engine.output()}`).toBe(null);
  const health = await fetch(`${engine.api}/health`);
  expect(health.status, `health after ${after}`).toBe(200);
}

function code(answer: Answer): string {
  try {
    const parsed = JSON.parse(answer.body) as { code?: string; error?: { code?: string } };
    return parsed.code ?? parsed.error?.code ?? '';
  } catch {
    return '';
  }
}

describe('multipart bodies (issue 25, defect 1)', () => {
  it('finds the multipart routes in the route table', () => {
    // 21 when this was written; the list grows with the table, never shrinks unnoticed.
    expect(MULTIPART_ROUTES.length).toBeGreaterThanOrEqual(21);
    const paths = MULTIPART_ROUTES.map((r) => r.path);
    for (const known of [
      '/audiobook/projects/{project_id}/manuscript/append',
      '/audiobook/projects/{project_id}/manuscript/parse',
      '/audiobook/acx/check',
      '/audiobook/acx/master',
      '/transcription/transcribe-upload',
      '/voice/voice-profiles/multi-sample',
      '/stem-extraction/api/extract',
    ])
      expect(paths).toContain(known);
  });

  it('answers the truncated body with a coded 4xx on every route, with and without a credential, and stays up', async () => {
    const { contentType, body } = TRUNCATED_MULTIPART;
    const wrong: string[] = [];
    for (const route of MULTIPART_ROUTES) {
      const path = fillPath(route.path, owned);
      const anonymous = await send(path, { 'Content-Type': contentType }, body, 'whole');
      await expectAlive(`${route.path} without a credential`);
      if (anonymous.status !== 401)
        wrong.push(`${route.path} without a credential → ${anonymous.status} ${anonymous.body}`);
      const authed = await send(
        path,
        { 'Content-Type': contentType, ...bearer(engine.token) },
        body,
        'whole',
      );
      await expectAlive(`${route.path} with the studio token`);
      // The OpenAI-style routes answer OpenAI's error shape, which has no details: the
      // message says why there (docs/api/openai-compat.md).
      const saysTruncated =
        authed.body.includes('"reason":"truncated"') ||
        (route.path.startsWith('/audio/') && authed.body.includes('ends before its closing'));
      if (authed.status !== 400 || code(authed) !== 'bad_request' || !saysTruncated)
        wrong.push(`${route.path} → ${authed.status} ${authed.body}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('reads no body before the caller is authenticated, holds the scope and owns the resource', async () => {
    const { contentType, body } = TRUNCATED_MULTIPART;
    const big = Buffer.concat([body, Buffer.alloc(64 * 1024, 0x61)]);
    for (const route of MULTIPART_ROUTES) {
      const path = fillPath(route.path, owned);
      const cases: [string, Record<string, string>, string, number][] = [
        ['no credential', {}, path, 401],
        ['a bad credential', bearer('not-a-token'), path, 401],
        ['a key without the scope', bearer(unscopedKey), path, 403],
      ];
      if (route.path.includes('{'))
        cases.push([
          'another user’s resource',
          bearer(engine.token),
          fillPath(route.path, bobsOwn),
          404,
        ]);
      for (const [what, headers, target, status] of cases) {
        const answer = await send(target, { 'Content-Type': contentType, ...headers }, big, 'half');
        expect(answer.status, `${route.path} with ${what}: ${answer.body}`).toBe(status);
      }
    }
    await expectAlive('the half-sent bodies');
  }, 120_000);
});
