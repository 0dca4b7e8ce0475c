// The engine as users start it: `npm run engine` prints exactly one ready line, serves health
// and the web studio, and stops cleanly on SIGINT; a database from a newer build is refused.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startEngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('npm run engine', () => {
  it('prints TAPEHOUSE_READY <url>, serves health and the studio, and exits 0 on SIGINT', async () => {
    const home = path.join(temp.dir, 'npm-home');
    const child = spawn('npm', ['run', '--silent', 'engine'], {
      cwd: ROOT,
      env: { ...process.env, TAPEHOUSE_HOME: home, TAPEHOUSE_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Ctrl-C reaches the whole process group: npm itself then exits by the signal, so the
    // engine's clean stop is read from its log and its closed port, not from npm's exit code.
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ready line:\n${stdout}\n${stderr}`)),
        90_000,
      );
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const match = /^TAPEHOUSE_READY (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    expect(stdout.split('\n').filter((line) => line.startsWith('TAPEHOUSE_READY'))).toHaveLength(1);
    const token = fs.readFileSync(path.join(home, 'studio-token'), 'utf8').trim();
    const health = (await (
      await fetch(`${url}/api/v1/health`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { status: string; data_dir: string };
    expect(health.data_dir).toBe(home);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    process.kill(-(child.pid ?? 0), 'SIGINT');
    await exited;
    expect(stderr).toMatch(/stopping \(SIGINT\)/);
    expect(stderr).not.toMatch(/Error|failed/);
    await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
  }, 120_000);

  it('refuses to start on a database written by a newer build, with a clear message', async () => {
    const home = path.join(temp.dir, 'newer-home');
    const first = await startEngineProcess({ home });
    expect(await first.stop()).toBe(0);
    const db = new Database(path.join(home, 'tapehouse.db'));
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(
      'future',
      Date.now() + 1e9,
    );
    db.close();
    await expect(startEngineProcess({ home, timeoutMs: 30_000 })).rejects.toThrow(
      /newer Tapehouse build/,
    );
  }, 120_000);
});
