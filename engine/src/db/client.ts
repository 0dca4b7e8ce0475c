/**
 * Opens the engine's SQLite database (better-sqlite3 + drizzle). WAL so the studio can read while
 * a job writes; NORMAL sync is durable across process crashes (only an OS crash can lose the last
 * transactions, never corrupt the file). One connection per process: better-sqlite3 is
 * synchronous, so transactions are naturally serialised on the engine's event loop.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema/index.ts';
import { WriteAccess } from './write-access.ts';

export type Db = BetterSQLite3Database<typeof schema>;

export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  file: string;
  /** How writes wait for a write lock another process holds (./write-access.ts). */
  writes: WriteAccess;
  close(): void;
}

export function openDatabase(file: string): DatabaseHandle {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database
    // file's mode, so they are private too (the data folder's modes: ../data-folder.ts).
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // No SQLite busy handler: it would block the event loop while another process writes. A
  // busy write fails at once and WriteAccess waits for the lock between timers instead.
  sqlite.pragma('busy_timeout = 0');
  const db = drizzle(sqlite, { schema });
  return {
    db,
    sqlite,
    file,
    writes: new WriteAccess(sqlite),
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

export function databaseFile(home: string): string {
  return path.join(home, 'tapehouse.db');
}
