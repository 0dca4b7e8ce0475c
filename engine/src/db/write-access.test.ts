import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { isDatabaseBusy, skipWhenBusy, writeWhenFree } from './write-access.ts';

const opened: { close(): void }[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The engine's connection and, on the same file, another program's. */
function pair(): { engine: DatabaseHandle; other: Database.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'th-write-access-'));
  dirs.push(dir);
  const engine = openDatabase(path.join(dir, 'db.sqlite'));
  engine.sqlite.exec('CREATE TABLE t (n INTEGER)');
  const other = new Database(path.join(dir, 'db.sqlite'), { timeout: 0 });
  opened.push(engine, other);
  return { engine, other };
}

const insert = (engine: DatabaseHandle, n: number) => () =>
  engine.sqlite.prepare('INSERT INTO t (n) VALUES (?)').run(n);

describe('WriteAccess', () => {
  it('fails a write at once instead of blocking, and waits for the lock between timers', async () => {
    const { engine, other } = pair();
    other.exec('BEGIN IMMEDIATE');
    const began = performance.now();
    let caught: unknown;
    try {
      insert(engine, 1)();
    } catch (error) {
      caught = error;
    }
    expect(isDatabaseBusy(caught)).toBe(true);
    expect(performance.now() - began).toBeLessThan(50); // no busy_timeout stall
    expect(skipWhenBusy(insert(engine, 2))).toBe(false);

    // The event loop keeps turning while a write waits; the write lands once the lock is free.
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    setTimeout(() => other.exec('COMMIT'), 300);
    await writeWhenFree(insert(engine, 3), { waitMs: 5000 });
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(10);
    expect(engine.sqlite.prepare('SELECT n FROM t').all()).toEqual([{ n: 3 }]);
  });

  it('answers database_busy with Retry-After when the lock outlasts the wait', async () => {
    const { engine, other } = pair();
    other.exec('BEGIN IMMEDIATE');
    const began = performance.now();
    await expect(engine.writes.ready(300)).rejects.toMatchObject({
      code: 'database_busy',
      status: 503,
      headers: { 'Retry-After': '5' },
    });
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    await expect(writeWhenFree(insert(engine, 1), { waitMs: 100 })).rejects.toMatchObject({
      code: 'database_busy',
    });
    other.exec('ROLLBACK');
    await engine.writes.ready(300);
    expect(engine.writes.writable()).toBe(true);
  });

  it('begins an immediate transaction once the lock is free, holding it from then on', async () => {
    const { engine, other } = pair();
    other.exec('BEGIN IMMEDIATE');
    setTimeout(() => other.exec('COMMIT'), 200);
    await engine.writes.beginImmediate(5000);
    expect(engine.sqlite.inTransaction).toBe(true);
    expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    insert(engine, 7)();
    engine.sqlite.exec('COMMIT');
    expect(other.prepare('SELECT n FROM t').all()).toEqual([{ n: 7 }]);
  });
});
