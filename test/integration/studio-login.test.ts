// Issue 13, defect 2: the machine owner's credential is handed to no one. The web studio page
// carries no token; a browser gets the owner's power only through a one-time sign-in link the
// engine prints on start (Jupyter-style, the second stdout line) or mints for the owner, which
// it exchanges for a studio session; only owner credentials read the local outbox.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../engine/src/clock.ts';
import { bearer, postJson, registerUser } from '../helpers/accounts.ts';
import { startEngine, startEngineProcess, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('studio-login-');
const clock = new ManualClock();
let engine: TestEngine;
const home = path.join(temp.dir, 'home');

beforeAll(async () => {
  engine = await startEngine({ home }, { clock });
});
afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

function codeOf(link: string): string {
  const code = new URL(link).searchParams.get('login');
  if (!code) throw new Error(`no login code in ${link}`);
  return code;
}

async function mintLink(credential: string): Promise<Response> {
  return fetch(`${engine.api}/local/login-links`, { method: 'POST', headers: bearer(credential) });
}

async function exchange(code: string): Promise<Response> {
  return postJson(engine, '/local/studio-sessions', { code });
}

async function sessionFromNewLink(): Promise<string> {
  const minted = await mintLink(engine.token);
  expect(minted.status).toBe(201);
  const { url } = (await minted.json()) as { url: string };
  const res = await exchange(codeOf(url));
  expect(res.status).toBe(201);
  return ((await res.json()) as { session_token: string }).session_token;
}

async function outboxStatus(headers: Record<string, string>): Promise<number> {
  return (await fetch(`${engine.api}/local/outbox`, { headers })).status;
}

describe('the web studio page', () => {
  it('never carries the studio token, whatever the path or query', async () => {
    for (const page of ['/', '/index.html', '/?login=guess', '/#/account']) {
      const res = await fetch(`${engine.url}${page}`);
      if (res.status === 503) throw new Error('dist/renderer is missing: npm run build:renderer');
      expect(res.status, page).toBe(200);
      const html = await res.text();
      expect(html, page).not.toContain(engine.token);
      expect(html, page).not.toContain('tapehouse-token');
    }
  });
});

describe('the sign-in link printed on start', () => {
  it('is the second stdout line and works exactly once', async () => {
    const proc = await startEngineProcess({ home: path.join(temp.dir, 'proc-home') });
    try {
      for (let i = 0; !/\n.*\n/.test(proc.stdout()) && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [ready, login] = proc.stdout().split('\n');
      expect(ready).toBe(`TAPEHOUSE_READY ${proc.url}`);
      expect(login).toMatch(new RegExp(`^TAPEHOUSE_LOGIN ${proc.url}/\\?login=[\\w-]{40,}$`));
      const link = login?.split(' ')[1] ?? '';
      const first = await fetch(`${proc.api}/local/studio-sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: codeOf(link) }),
      });
      expect(first.status).toBe(201);
      const session = (await first.json()) as { session_token: string; token_type: string };
      expect(session.token_type).toBe('bearer');
      const outbox = await fetch(`${proc.api}/local/outbox`, {
        headers: bearer(session.session_token),
      });
      expect(outbox.status).toBe(200);
      const again = await fetch(`${proc.api}/local/studio-sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: codeOf(link) }),
      });
      expect(again.status).toBe(401);
    } finally {
      expect(await proc.stop()).toBe(0);
    }
  }, 90_000);
});

describe('studio sessions', () => {
  it('refuses unknown, used and expired codes', async () => {
    expect((await exchange('not-a-code')).status).toBe(401);
    expect((await postJson(engine, '/local/studio-sessions', {})).status).toBe(401);
    const minted = (await (await mintLink(engine.token)).json()) as {
      url: string;
      expires_in: number;
    };
    expect(minted.expires_in).toBeLessThanOrEqual(15 * 60);
    clock.advance((minted.expires_in + 1) * 1000);
    expect((await exchange(codeOf(minted.url))).status).toBe(401);
  });

  it('lets only the owner mint links, and only owner credentials read the outbox', async () => {
    const user = await registerUser(engine);
    const access = user.tokens.access_token;
    expect((await mintLink(access)).status).toBe(403);
    const keyRes = await postJson(
      engine,
      '/auth/api-keys',
      { name: 'script', scopes: ['*'] },
      bearer(access),
    );
    expect(keyRes.status).toBe(201);
    const { api_key: apiKey } = (await keyRes.json()) as { api_key: string };

    expect(await outboxStatus({})).toBe(401);
    expect(await outboxStatus(bearer(access))).toBe(403);
    expect(await outboxStatus({ 'X-API-Key': apiKey })).toBe(403);
    expect(await outboxStatus(bearer(engine.token))).toBe(200);
    expect(await outboxStatus(bearer(await sessionFromNewLink()))).toBe(200);
  });

  it('survive an engine restart, expire after 7 days, and end all at once on sign-out', async () => {
    const session = await sessionFromNewLink();
    await engine.stop();
    engine = await startEngine({ home }, { clock });
    expect(await outboxStatus(bearer(session))).toBe(200);

    clock.advance(6 * 24 * 3600 * 1000);
    expect(await outboxStatus(bearer(session))).toBe(200);
    clock.advance(2 * 24 * 3600 * 1000);
    expect(await outboxStatus(bearer(session))).toBe(401);

    const a = await sessionFromNewLink();
    const b = await sessionFromNewLink();
    const out = await fetch(`${engine.api}/local/studio-sessions`, {
      method: 'DELETE',
      headers: bearer(a),
    });
    expect(out.status).toBe(204);
    expect(await outboxStatus(bearer(a))).toBe(401);
    expect(await outboxStatus(bearer(b))).toBe(401);
    expect(await outboxStatus(bearer(engine.token))).toBe(200);
  });
});
