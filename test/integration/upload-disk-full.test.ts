// Issue 25, defect 8: a full disk answered uploads with 500. The engine runs as a real child
// process whose data folder is a 48 MiB tmpfs of its own (a user and mount namespace from
// util-linux `unshare`, so no root is needed), filled by real uploads. An upload of known size
// that does not fit with the reserve is refused with 507 `insufficient_storage` before a byte is
// written; one whose size is not known (chunked), and multipart uploads of every writer (the
// file store, voice samples, "check my files"), hit ENOSPC midway and answer 507 with nothing
// half-written; the engine keeps serving and writing its database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RESERVE_BYTES } from '../../engine/src/storage-space.ts';
import { bearer, postJson } from '../helpers/accounts.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const MIB = 1024 * 1024;
const DISK_MIB = 48;
const temp = makeTempDir('disk-full-');
const home = path.join(temp.dir, 'home');
let engine: EngineProcess;

/** The engine's data folder as the engine sees it (inside its mount namespace). */
function inEngine(...parts: string[]): string {
  return path.join(`/proc/${engine.child.pid}/root`, home, ...parts);
}

function freeBytes(): number {
  const stat = fs.statfsSync(inEngine());
  return stat.bavail * stat.bsize;
}

/** Files left under a folder of the data dir (partial uploads would show here). */
function filesUnder(...parts: string[]): string[] {
  const dir = inEngine(...parts);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

beforeAll(async () => {
  fs.mkdirSync(home);
  try {
    execFileSync('unshare', ['--user', '--map-root-user', '--mount', 'true']);
  } catch (error) {
    throw new Error(
      'this test needs util-linux unshare with unprivileged user namespaces (a private tmpfs for the data folder)',
      { cause: error },
    );
  }
  engine = await startEngineProcess({
    home,
    launcher: [
      ...['unshare', '--user', '--map-root-user', '--mount', 'sh', '-c'],
      `mount -t tmpfs -o size=${DISK_MIB}m tmpfs "$0" && exec "$@"`,
      home,
    ],
  });
}, 90_000);

afterAll(async () => {
  await engine?.stop();
  temp.cleanup();
});

interface Answer {
  status: number;
  body: string;
}

/** POSTs `total` bytes in 1 MiB chunks, with Content-Length or chunked (size unknown). */
function upload(
  target: string,
  headers: Record<string, string>,
  total: number,
  sized: boolean,
  wrap: { head: string; tail: string } = { head: '', tail: '' },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const head = Buffer.from(wrap.head, 'latin1');
    const tail = Buffer.from(wrap.tail, 'latin1');
    const length = head.length + total + tail.length;
    const req = http.request(
      `${engine.api}${target}`,
      {
        method: 'POST',
        headers: { ...headers, ...(sized && { 'Content-Length': String(length) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') reject(error);
    });
    const block = Buffer.alloc(MIB, 0x52);
    let sent = 0;
    const pump = (): void => {
      if (sent === 0) req.write(head);
      while (sent < total) {
        const part = block.subarray(0, Math.min(MIB, total - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

function multipart(field: string, filename: string, before: Record<string, string> = {}) {
  const boundary = 'diskfull';
  const fields = Object.entries(before)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    head: `${fields}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\nRIFF`,
    tail: `\r\n--${boundary}--\r\n`,
  };
}

describe('a full disk (issue 25, defect 8)', () => {
  it('refuses an upload of known size that does not fit with 507, before writing', async () => {
    const auth = bearer(engine.token, { 'Content-Type': 'audio/wav', 'X-Filename': 'a.wav' });
    const first = await upload('/files', auth, 20 * MIB, true);
    expect(first.status, first.body).toBe(201);
    const before = freeBytes();
    expect(before).toBeLessThan(30 * MIB);
    const tooBig = before - STORAGE_RESERVE_BYTES + MIB;
    const started = Date.now();
    const refused = await upload('/files', auth, tooBig, true);
    expect(refused.status, refused.body).toBe(507);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'insufficient_storage' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Math.abs(freeBytes() - before)).toBeLessThan(MIB);
    expect(filesUnder('files', '.tmp')).toEqual([]);
  }, 60_000);

  it('answers 507 when a chunked upload fills the disk midway, and keeps nothing of it', async () => {
    const before = freeBytes();
    const res = await upload(
      '/files',
      bearer(engine.token, { 'Content-Type': 'audio/wav', 'X-Filename': 'b.wav' }),
      before + 4 * MIB,
      false,
    );
    expect(res.status, res.body).toBe(507);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'insufficient_storage' });
    expect(filesUnder('files', '.tmp')).toEqual([]);
    expect(Math.abs(freeBytes() - before)).toBeLessThan(MIB);
  }, 60_000);

  it('answers 507 on multipart uploads into every writer, with nothing half-written', async () => {
    const cases: [string, ReturnType<typeof multipart>][] = [
      ['/speech/align', multipart('file', 'take.wav', { text: 'The harbour was quiet.' })],
      ['/voice/voice-profiles', multipart('file', 'voice.wav', { name: 'Full' })],
      ['/audiobook/acx/check', multipart('files', 'chapter.wav')],
    ];
    for (const [target, body] of cases) {
      const before = freeBytes();
      const res = await upload(
        target,
        bearer(engine.token, { 'Content-Type': body.type }),
        before + 4 * MIB,
        false,
        body,
      );
      expect(res.status, `${target}: ${res.body}`).toBe(507);
      expect(Math.abs(freeBytes() - before), target).toBeLessThan(MIB);
    }
    expect(filesUnder('files', '.tmp')).toEqual([]);
    expect(filesUnder('exports', 'uploads')).toEqual([]);
  }, 120_000);

  it('keeps serving and writing its database', async () => {
    expect(engine.child.exitCode).toBe(null);
    expect((await fetch(`${engine.api}/health`)).status).toBe(200);
    const created = await postJson(
      engine,
      '/audiobook/projects',
      { title: 'Still writing' },
      bearer(engine.token),
    );
    expect(created.status).toBe(201);
  });
});
