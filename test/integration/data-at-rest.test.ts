// Issue 13, defect 3: the data folder holds every account's database rows and the engine's
// secrets, so on POSIX it is private to the user running the engine — created 0700, secrets and
// database files 0600 — and an existing folder with looser modes is repaired at start.
// (Windows keeps the ACL the user profile gives %APPDATA%; docs/operations.md.)
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('data-at-rest-');
afterAll(() => temp.cleanup());

const PRIVATE_FILES = [
  'tapehouse.db',
  'tapehouse.db-wal',
  'tapehouse.db-shm',
  'studio-token',
  'url-signing-key',
  'auth-secret',
  'studio-session-key',
];

function mode(file: string): string {
  return (fs.statSync(file).mode & 0o777).toString(8).padStart(3, '0');
}

function modes(home: string): Record<string, string> {
  return Object.fromEntries(
    ['.', ...PRIVATE_FILES, 'settings.json']
      .filter((name) => fs.existsSync(path.join(home, name)))
      .map((name) => [name, mode(path.join(home, name))]),
  );
}

describe.runIf(process.platform !== 'win32')('data at rest', () => {
  it('creates the data folder 0700 and its secrets and database files 0600', async () => {
    const home = path.join(temp.dir, 'fresh', 'tapehouse');
    const engine = await startEngine({ home });
    try {
      // A write, so the WAL and shared-memory files certainly exist.
      const res = await fetch(`${engine.api}/jobs`, {
        headers: { Authorization: `Bearer ${engine.token}` },
      });
      expect(res.status).toBe(200);
      const found = modes(home);
      for (const [name, value] of Object.entries(found))
        expect(value, name).toBe(name === '.' ? '700' : '600');
      expect(found).toEqual({
        '.': '700',
        ...Object.fromEntries(PRIVATE_FILES.map((name) => [name, '600'])),
      });
    } finally {
      await engine.stop();
    }
  });

  it('repairs a folder and files left readable by other users', async () => {
    const home = path.join(temp.dir, 'loose');
    const first = await startEngine({ home });
    await first.stop();
    fs.writeFileSync(path.join(home, 'settings.json'), '{"smtpUrl":"smtp://u:secret@mail.lan"}\n');
    fs.chmodSync(home, 0o755);
    for (const name of [...PRIVATE_FILES, 'settings.json']) {
      const file = path.join(home, name);
      if (fs.existsSync(file)) fs.chmodSync(file, 0o644);
    }
    const second = await startEngine({ home });
    try {
      const found = modes(home);
      expect(found['.']).toBe('700');
      for (const [name, value] of Object.entries(found)) {
        if (name !== '.') expect(value, name).toBe('600');
      }
      expect(Object.keys(found)).toEqual(expect.arrayContaining(['tapehouse.db', 'settings.json']));
    } finally {
      await second.stop();
    }
  });

  // Issue 25, defect 9: PUT /local/plan wrote settings.json 0644 (the umask's mode) and it stayed
  // so until the next start repaired it; it may hold an SMTP password. PUT /web/tools/yt-dlp is
  // the other writer of the file.
  it('writes settings.json 0600 at once, atomically, on PUT /local/plan and PUT /web/tools/yt-dlp', async () => {
    const home = path.join(temp.dir, 'plan');
    const engine = await startEngine({ home });
    const put = (route: string, body: unknown): Promise<Response> =>
      fetch(`${engine.api}${route}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${engine.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const settings = path.join(home, 'settings.json');
    const umask = process.umask(0o022);
    try {
      expect(fs.existsSync(settings)).toBe(false);
      expect((await put('/local/plan', { credits_per_month: 5000, daily_limit: 900 })).status).toBe(
        200,
      );
      expect(mode(settings)).toBe('600');
      fs.chmodSync(settings, 0o644); // an older build's file: the next write tightens it too
      expect((await put('/web/tools/yt-dlp', { preference: 'system' })).status).toBe(200);
      expect(mode(settings)).toBe('600');
      expect(JSON.parse(fs.readFileSync(settings, 'utf8'))).toMatchObject({
        localPlan: { credits_per_month: 5000, daily_limit: 900 },
        ytDlp: 'system',
      });
      // Written through a temporary sibling and renamed: nothing is left beside it.
      expect(fs.readdirSync(home).filter((name) => name.startsWith('settings.json.'))).toEqual([]);
    } finally {
      process.umask(umask);
      await engine.stop();
    }
  });
});
