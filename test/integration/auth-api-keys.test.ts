// Document 1, "API keys" and Authentication 1-4 on a real engine: create (access token only),
// the secret shown once and stored hashed, both headers, scopes, last_used_at, expiry, revoke.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

interface KeyRecord {
  id: string;
  name: string;
  api_key?: string;
  scopes: string[];
  description: string;
  status: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

let engine: TestEngine;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  engine = await startEngine();
  owner = await registerUser(engine);
  other = await registerUser(engine);
});
afterAll(async () => {
  await engine.stop();
});

async function createKey(body: Record<string, unknown>, token = owner.tokens.access_token) {
  return postJson(engine, '/auth/api-keys', body, bearer(token));
}

async function listKeys(query = ''): Promise<KeyRecord[]> {
  const res = await fetch(`${engine.api}/auth/api-keys${query}`, {
    headers: bearer(owner.tokens.access_token),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as KeyRecord[];
}

async function newKey(scopes: string[], extra: Record<string, unknown> = {}): Promise<KeyRecord> {
  const res = await createKey({ name: 'script', scopes, expires_in_days: null, ...extra });
  expect(res.status).toBe(201);
  return (await res.json()) as KeyRecord;
}

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and works in both headers', async () => {
    const created = await newKey(['*'], { description: 'render farm', name: 'farm' });
    expect(created).toMatchObject({
      name: 'farm',
      scopes: ['*'],
      description: 'render farm',
      status: 'active',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    const secret = created.api_key ?? '';
    expect(secret).toMatch(/^th_[A-Za-z0-9_-]{43}$/);

    const stored = engine.engine.services.database.sqlite
      .prepare('SELECT key_hash FROM api_keys WHERE id = ?')
      .get(created.id) as { key_hash: string };
    expect(stored.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));

    const listed = (await listKeys()).find((k) => k.id === created.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('api_key');
    expect(listed?.last_used_at).toBeNull();

    for (const headers of [{ 'X-API-Key': secret }, bearer(secret)]) {
      const res = await fetch(`${engine.api}/auth/me`, { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: owner.id });
    }
    const used = (await listKeys()).find((k) => k.id === created.id);
    expect(Date.parse(used?.last_used_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs a session to be created: an API key cannot mint keys', async () => {
    const key = await newKey(['*']);
    for (const headers of [{ 'X-API-Key': key.api_key ?? '' }, bearer(key.api_key ?? '')]) {
      const res = await postJson(engine, '/auth/api-keys', { name: 'x', scopes: ['*'] }, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('enforces scopes: exact, area wildcard, and missing', async () => {
    const reader = await newKey(['account:read']);
    const headers = { 'X-API-Key': reader.api_key ?? '' };
    expect((await fetch(`${engine.api}/auth/me`, { headers })).status).toBe(200);
    const patch = await fetch(`${engine.api}/auth/me`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ full_name: 'Nope' }),
    });
    expect(patch.status).toBe(403);
    expect(await patch.json()).toMatchObject({
      code: 'forbidden',
      required_scope: 'account:write',
    });
    expect((await fetch(`${engine.api}/jobs`, { headers })).status).toBe(403);

    const jobs = await newKey(['jobs:*']);
    const jobHeaders = { 'X-API-Key': jobs.api_key ?? '' };
    expect((await fetch(`${engine.api}/jobs`, { headers: jobHeaders })).status).toBe(200);
    expect((await fetch(`${engine.api}/auth/me`, { headers: jobHeaders })).status).toBe(403);
  });

  it('validates the request', async () => {
    for (const body of [
      { name: 'bad', scopes: ['everything'] },
      { name: 'bad', scopes: [] },
      { name: '', scopes: ['*'] },
      { name: 'bad', scopes: ['*'], expires_in_days: 0 },
    ]) {
      expect((await createKey(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('expires keys created with expires_in_days', async () => {
    const key = await newKey(['*'], { expires_in_days: 30 });
    const days = (Date.parse(key.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Let the 30 days pass in the database rather than in the test.
    engine.engine.services.database.sqlite
      .prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?')
      .run(new Date(Date.now() - 1000).toISOString(), key.id);
    const res = await fetch(`${engine.api}/auth/me`, {
      headers: { 'X-API-Key': key.api_key ?? '' },
    });
    expect(res.status).toBe(401);
    expect((await listKeys('?status=expired')).map((k) => k.id)).toContain(key.id);
  });

  it('revokes permanently; another user cannot see or revoke the key', async () => {
    const key = await newKey(['*']);
    const headers = { 'X-API-Key': key.api_key ?? '' };
    expect((await fetch(`${engine.api}/auth/me`, { headers })).status).toBe(200);

    const foreign = await fetch(`${engine.api}/auth/api-keys/${key.id}`, {
      method: 'DELETE',
      headers: bearer(other.tokens.access_token),
    });
    expect(foreign.status).toBe(404);
    const othersList = await fetch(`${engine.api}/auth/api-keys`, {
      headers: bearer(other.tokens.access_token),
    });
    expect(await othersList.json()).toEqual([]);

    const del = await fetch(`${engine.api}/auth/api-keys/${key.id}`, {
      method: 'DELETE',
      headers: bearer(owner.tokens.access_token),
    });
    expect(del.status).toBe(204);
    const res = await fetch(`${engine.api}/auth/me`, { headers });
    expect(res.status).toBe(401);
    expect(
      (await fetch(`${engine.api}/auth/me`, { headers: bearer(key.api_key ?? '') })).status,
    ).toBe(401);

    const revoked = (await listKeys('?status=revoked')).find((k) => k.id === key.id);
    expect(revoked?.status).toBe('revoked');
    const revokedAt = revoked?.revoked_at;
    expect(Date.parse(revokedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await listKeys('?status=active')).map((k) => k.id)).not.toContain(key.id);

    // Deleting again changes nothing: revoked_at keeps the first revocation.
    const again = await fetch(`${engine.api}/auth/api-keys/${key.id}`, {
      method: 'DELETE',
      headers: bearer(owner.tokens.access_token),
    });
    expect(again.status).toBe(204);
    expect((await listKeys('?status=revoked')).find((k) => k.id === key.id)?.revoked_at).toBe(
      revokedAt,
    );
  });

  it('lets the studio token (the machine owner) create keys for local scripts', async () => {
    const res = await createKey({ name: 'owner script', scopes: ['jobs:read'] }, engine.token);
    expect(res.status).toBe(201);
    const key = (await res.json()) as KeyRecord;
    const jobs = await fetch(`${engine.api}/jobs`, { headers: { 'X-API-Key': key.api_key ?? '' } });
    expect(jobs.status).toBe(200);
  });
});
