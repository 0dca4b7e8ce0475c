/**
 * Applies the committed drizzle-kit migrations before the engine listens, and refuses a database
 * written by a newer build: if the database records a migration this build does not know, running
 * on it could silently drop data the newer build relies on (Actual Budget does the same check).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { AppError } from '../errors.ts';
import type { DatabaseHandle } from './client.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function readJournal(migrationsDir: string): JournalEntry[] {
  const file = `${migrationsDir}/meta/_journal.json`;
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

interface AppliedRow {
  created_at: number;
}

function appliedMigrations(handle: DatabaseHandle): AppliedRow[] {
  const table = handle.sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`,
    )
    .get();
  if (!table) return [];
  return handle.sqlite
    .prepare('SELECT created_at FROM __drizzle_migrations ORDER BY created_at')
    .all() as AppliedRow[];
}

export interface MigrationResult {
  applied: number;
  schemaVersion: string;
}

export function migrateDatabase(
  handle: DatabaseHandle,
  migrationsDir: string = DEFAULT_MIGRATIONS_DIR,
): MigrationResult {
  const entries = readJournal(migrationsDir);
  const known = new Set(entries.map((entry) => entry.when));
  const newest = entries.at(-1);
  const before = appliedMigrations(handle);
  const unknown = before.filter((row) => !known.has(Number(row.created_at)));
  if (unknown.length > 0) {
    throw new AppError(
      'database_too_new',
      `The database at ${handle.file} was written by a newer Tapehouse build ` +
        `(${unknown.length} migration(s) this build does not know). Update Tapehouse, or point ` +
        'TAPEHOUSE_HOME at another data folder. The database was left untouched.',
    );
  }
  migrate(handle.db, { migrationsFolder: migrationsDir });
  const after = appliedMigrations(handle);
  return { applied: after.length - before.length, schemaVersion: newest?.tag ?? 'none' };
}
