// Issue 25, defect 5: an API key became a full session — a `*` or `sync:link` key called
// POST /sync/devices, got a token pair, and minted a new `*` key with it. A key never mints
// sessions or keys (docs/api/scopes.md). The credential-issuing rows are derived from THE route
// table: every row whose answer carries a token, session or key is marked `issues: 'credential'`
// (the table cannot forget one), no marked row takes an API key, and each one is called here with
// real keys — in both headers — and must refuse without handing anything out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from '../../engine/src/api/route.ts';
import { removedRoutes, routeTable } from '../../engine/src/api/route-table.ts';
import { bearer, login, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

/** Fields that are a credential wherever they appear in an answer. */
const CREDENTIAL_FIELDS = ['access_token', 'refresh_token', 'api_key', 'session_token'];

/** Every property name anywhere in a row's response schema. */
function responseFields(route: AnyRoute): string[] {
  if (!route.response) return [];
  const schema = z.toJSONSchema(route.response, { unrepresentable: 'any', io: 'output' });
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value !== null && typeof value === 'object') {
          for (const name of Object.keys(value)) names.add(name);
        }
        walk(value);
      }
    }
  };
  walk(schema);
  return [...names];
}

const label = (r: { method: string; path: string }): string =>
  `${r.method.toUpperCase()} ${r.path}`;
const issuing = routeTable.filter((route) => route.issues === 'credential');

describe('credential-issuing rows of the route table', () => {
  it('marks every row whose answer carries a token, session or key', () => {
    const unmarked = routeTable
      .filter((r) => responseFields(r).some((name) => CREDENTIAL_FIELDS.includes(name)))
      .filter((r) => r.issues !== 'credential')
      .map(label);
    expect(unmarked).toEqual([]);
  });

  it('marks the rows that hand out a sign-in link or a way to sign in', () => {
    expect(issuing.map(label)).toEqual(
      expect.arrayContaining(['POST /local/login-links', 'POST /auth/account-providers']),
    );
  });

  it('never lets an API key through to one (auth is bearer or none)', () => {
    expect(issuing.length).toBeGreaterThanOrEqual(10);
    expect(issuing.filter((r) => r.auth === 'user').map(label)).toEqual([]);
    expect(routeTable.filter((r) => r.scope === 'sync:link').map(label)).toEqual([]);
  });

  it('answers the former key-to-session route, POST /sync/devices, with 410', () => {
    expect(routeTable.some((r) => r.path === '/sync/devices')).toBe(false);
    expect(removedRoutes.map(label)).toContain('POST /sync/devices');
  });
});

describe('an API key against every credential-issuing route', () => {
  let engine: TestEngine;
  let owner: TestUser;
  const keys: Record<string, string> = {};

  async function sessionCount(): Promise<number> {
    const res = await fetch(`${engine.api}/auth/sessions`, {
      headers: bearer(owner.tokens.access_token),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as unknown[] | { sessions: unknown[] };
    return Array.isArray(body) ? body.length : body.sessions.length;
  }

  async function keyCount(): Promise<number> {
    const res = await fetch(`${engine.api}/auth/api-keys`, {
      headers: bearer(owner.tokens.access_token),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as unknown[]).length;
  }

  beforeAll(async () => {
    engine = await startEngine();
    owner = await registerUser(engine);
    for (const [name, scopes] of [
      ['star', ['*']],
      ['sync', ['sync:link']],
      ['account', ['account:write', 'apikeys:write']],
    ] as const) {
      const res = await postJson(
        engine,
        '/auth/api-keys',
        { name, scopes },
        bearer(owner.tokens.access_token),
      );
      expect(res.status).toBe(201);
      keys[name] = ((await res.json()) as { api_key: string }).api_key;
    }
  });
  afterAll(async () => {
    await engine.stop();
  });

  it('is refused everywhere, in either header, and nothing is handed out', async () => {
    const sessionsBefore = await sessionCount();
    const keysBefore = await keyCount();
    const tried: string[] = [];
    for (const route of [...issuing, { method: 'post', path: '/sync/devices' } as const]) {
      const path = route.path.replace('{provider}', 'github');
      for (const key of Object.values(keys)) {
        for (const headers of [{ 'X-API-Key': key }, bearer(key)]) {
          const res = await fetch(`${engine.api}${path}`, {
            method: route.method.toUpperCase(),
            headers: { ...headers, 'Content-Type': 'application/json' },
            // What the route would want from a session, so only the credential decides.
            body: JSON.stringify({ name: 'minted', scopes: ['*'], browser_fingerprint: 'x' }),
          });
          const text = await res.text();
          expect([403, 410], `${label(route)} ${Object.keys(headers)[0]}: ${text}`).toContain(
            res.status,
          );
          for (const field of CREDENTIAL_FIELDS) expect(text).not.toContain(`"${field}"`);
          tried.push(label(route));
        }
      }
    }
    expect(new Set(tried).size).toBe(issuing.length + 1);
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await keyCount()).toBe(keysBefore);
  });

  it('still lets a session create a key, and a password sign in', async () => {
    const key = await postJson(
      engine,
      '/auth/api-keys',
      { name: 'by a session', scopes: ['jobs:read'] },
      bearer(owner.tokens.access_token),
    );
    expect(key.status).toBe(201);
    const signedIn = await login(engine, owner.email, owner.password, owner.userAgent);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toHaveProperty('access_token');
  });
});
