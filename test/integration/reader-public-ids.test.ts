// Issue 25, defect 6: /reader/public/{n} needed no credential and ids were sequential, so anyone
// could list every user's article narrations by counting. Public views and embed pages are now
// named by a random public id (128 bits); a job's integer id finds nothing there. Migration 0011
// gives every existing reader job its public id (and ends the sessions API keys opened, defect 5).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../engine/src/db/client.ts';
import {
  DEFAULT_MIGRATIONS_DIR,
  migrateDatabase,
  readJournal,
} from '../../engine/src/db/migrate.ts';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('reader-public-');
const MIGRATION = '0011_hardening';

interface ReaderJob {
  id: number;
  status: string;
  public_id: string;
  public_url: string;
  embed_url: string;
  embed_html: string;
}

/** The committed migrations up to (not including) `tag`: the build before it. */
function migrationsBefore(tag: string): string {
  const dir = path.join(temp.dir, `before-${tag}`);
  const entries = readJournal(DEFAULT_MIGRATIONS_DIR);
  const cut = entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const kept = entries.slice(0, cut);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const entry of kept) {
    fs.copyFileSync(
      path.join(DEFAULT_MIGRATIONS_DIR, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'sqlite', entries: kept }),
  );
  return dir;
}

describe(`migration ${MIGRATION}`, () => {
  it('gives each existing reader job a distinct random public id and ends key-opened sessions', () => {
    const handle = openDatabase(path.join(temp.dir, 'old.db'));
    migrateDatabase(handle, migrationsBefore(MIGRATION));
    const job = handle.sqlite.prepare(
      `INSERT INTO jobs (type, owner_id, status, resource, input) VALUES (?, 'u1', 'completed', 'io', '{}')`,
    );
    for (const type of ['reader', 'reader', 'audio_analysis', 'reader']) job.run(type);
    handle.sqlite.exec(`
      INSERT INTO users (id, email, full_name) VALUES ('u1', 'a@example.com', 'A');
      INSERT INTO devices (id, user_id, fingerprint, display_name, browser, os, device_type,
        ip_address, location, timezone, last_login_method)
        VALUES ('d1', 'u1', 'f', 'Tapehouse', 'b', 'o', 'desktop', '127.0.0.1', '', 'UTC', 'api_key');
      INSERT INTO auth_sessions (id, user_id, device_id, device_info, ip_address, user_agent,
        login_method, expires_at) VALUES
        ('by-key', 'u1', 'd1', 'Tapehouse', '127.0.0.1', 'ua', 'api_key', '2999-01-01T00:00:00Z'),
        ('by-password', 'u1', 'd1', 'Tapehouse', '127.0.0.1', 'ua', 'password', '2999-01-01T00:00:00Z');
    `);

    migrateDatabase(handle);
    const links = handle.sqlite
      .prepare('SELECT public_id, job_id FROM reader_public_links ORDER BY job_id')
      .all() as { public_id: string; job_id: number }[];
    expect(links.map((l) => l.job_id)).toEqual([1, 2, 4]);
    for (const link of links) expect(link.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(links.map((l) => l.public_id)).size).toBe(3);
    const sessions = handle.sqlite
      .prepare('SELECT id, revoked_at FROM auth_sessions ORDER BY id')
      .all() as { id: string; revoked_at: string | null }[];
    expect(sessions).toEqual([
      { id: 'by-key', revoked_at: expect.stringMatching(/^\d{4}-/) },
      { id: 'by-password', revoked_at: null },
    ]);
    handle.close();
  });
});

describe('public reader views', () => {
  let engine: TestEngine;
  let alice: TestUser;
  let bob: TestUser;

  async function narrate(user: TestUser, content: string): Promise<ReaderJob> {
    const res = await postJson(
      engine,
      '/reader/generate',
      { content },
      bearer(user.tokens.access_token),
    );
    expect(res.status).toBe(202);
    return (await res.json()) as ReaderJob;
  }

  beforeAll(async () => {
    engine = await startEngine();
    alice = await registerUser(engine);
    bob = await registerUser(engine);
  });
  afterAll(async () => {
    await engine.stop();
    temp.cleanup();
  });

  it('are reached by the random public id only, never by counting integer ids', async () => {
    const mine = await narrate(alice, 'Alice reads a note about the tide.');
    const theirs = await narrate(bob, 'Bob reads a note about the ferry.');
    for (const job of [mine, theirs]) {
      expect(job.public_id).toMatch(/^[0-9a-f]{32}$/);
      expect(job.public_url).toBe(`${engine.api}/reader/public/${job.public_id}`);
      expect(job.embed_url).toBe(`${job.public_url}/embed`);
      expect(job.embed_html).toContain(job.embed_url);
      expect(job.embed_url).not.toMatch(new RegExp(`/public/${job.id}(/|$)`));
    }
    expect(mine.public_id).not.toBe(theirs.public_id);

    // A stranger counting ids finds nothing, in either route.
    const strangers: number[] = [];
    for (let id = 0; id <= Math.max(mine.id, theirs.id) + 2; id += 1) {
      for (const suffix of ['', '/embed']) {
        strangers.push((await fetch(`${engine.api}/reader/public/${id}${suffix}`)).status);
      }
    }
    expect(new Set(strangers)).toEqual(new Set([404]));

    // The shared link works without a credential and names itself by its public id.
    const view = await fetch(theirs.public_url);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ id: theirs.public_id, title: expect.any(String) });
    expect((await fetch(theirs.embed_url)).status).toBe(200);

    // The owner's list shows the same public id; deleting the narration ends the link.
    const list = (await (
      await fetch(`${engine.api}/reader/`, { headers: bearer(bob.tokens.access_token) })
    ).json()) as { items: ReaderJob[] };
    expect(list.items.map((job) => job.public_id)).toEqual([theirs.public_id]);
    const gone = await fetch(`${engine.api}/reader/${theirs.id}`, {
      method: 'DELETE',
      headers: bearer(bob.tokens.access_token),
    });
    expect(gone.status).toBe(204);
    expect((await fetch(theirs.public_url)).status).toBe(404);
    expect((await fetch(mine.public_url)).status).toBe(200);
  });
});
