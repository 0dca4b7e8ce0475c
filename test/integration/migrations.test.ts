// Storage: fresh databases migrate, databases made by the previous migration set upgrade with
// their rows intact, and a database from a newer build is refused untouched.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../engine/src/db/client.ts';
import {
  DEFAULT_MIGRATIONS_DIR,
  migrateDatabase,
  readJournal,
} from '../../engine/src/db/migrate.ts';
import { isAppError } from '../../engine/src/errors.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temps: (() => void)[] = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

function tempDir(): string {
  const { dir, cleanup } = makeTempDir();
  temps.push(cleanup);
  return dir;
}

/** A copy of the committed migrations without the newest one: "the previous build". */
function previousMigrationSet(): string {
  const dir = tempDir();
  const entries = readJournal(DEFAULT_MIGRATIONS_DIR);
  expect(entries.length).toBeGreaterThanOrEqual(2);
  const kept = entries.slice(0, -1);
  fs.mkdirSync(path.join(dir, 'meta'));
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

function tables(handle: ReturnType<typeof openDatabase>): string[] {
  return (
    handle.sqlite
      .prepare(`SELECT name FROM sqlite_master WHERE type='table' ORDER BY name`)
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/** Every `table.column` of the database: a migration may add tables or only columns. */
function columns(handle: ReturnType<typeof openDatabase>): string[] {
  return tables(handle).flatMap((table) =>
    (handle.sqlite.prepare(`PRAGMA table_info('${table}')`).all() as { name: string }[]).map(
      (c) => `${table}.${c.name}`,
    ),
  );
}

describe('migrations', () => {
  it('migrates a fresh database to the newest schema in WAL mode', () => {
    const handle = openDatabase(path.join(tempDir(), 'fresh.db'));
    const result = migrateDatabase(handle);
    expect(result.applied).toBe(readJournal(DEFAULT_MIGRATIONS_DIR).length);
    expect(tables(handle)).toEqual(
      expect.arrayContaining(['jobs', 'files', '__drizzle_migrations']),
    );
    expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(migrateDatabase(handle).applied).toBe(0);
    handle.close();
  });

  it('upgrades a database made by the previous migration set and keeps its rows', () => {
    const file = path.join(tempDir(), 'old.db');
    const fresh = openDatabase(path.join(tempDir(), 'newest.db'));
    migrateDatabase(fresh);
    const newest = columns(fresh);
    fresh.close();
    const old = openDatabase(file);
    migrateDatabase(old, previousMigrationSet());
    // The tables or columns the newest migration adds (whichever feature it belongs to).
    const added = newest.filter((name) => !columns(old).includes(name));
    expect(added.length).toBeGreaterThan(0);
    old.sqlite
      .prepare(
        `INSERT INTO jobs (type, owner_id, status, resource, input) VALUES ('audio_analysis', 'u1', 'completed', 'ffmpeg', '{"file_key":"x"}')`,
      )
      .run();
    old.close();

    const upgraded = openDatabase(file);
    const result = migrateDatabase(upgraded);
    expect(result.applied).toBe(1);
    expect(columns(upgraded)).toEqual(expect.arrayContaining(added));
    const row = upgraded.sqlite.prepare('SELECT type, owner_id, status, input FROM jobs').get();
    expect(row).toEqual({
      type: 'audio_analysis',
      owner_id: 'u1',
      status: 'completed',
      input: '{"file_key":"x"}',
    });
    upgraded.close();
  });

  it('refuses a database written by a newer build and leaves it untouched', () => {
    const file = path.join(tempDir(), 'newer.db');
    const handle = openDatabase(file);
    migrateDatabase(handle);
    handle.sqlite
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('future', Date.now() + 10 ** 9);
    const before = handle.sqlite.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get();
    let caught: unknown;
    try {
      migrateDatabase(handle);
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught) && caught.code).toBe('database_too_new');
    expect((caught as Error).message).toMatch(/newer Tapehouse build/);
    expect(handle.sqlite.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual(
      before,
    );
    handle.close();
  });
});
