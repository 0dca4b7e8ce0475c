// Issue 25, defect 2: a page whose media is `rtmp://…` made yt-dlp hand it to rtmpdump, which
// ignores the run's proxy and connects straight to any host and port — also from the
// unauthenticated /video/public/download. Only http(s) media is fetched now
// (ytdlp/media-protocols.ts). The real yt-dlp reads real local pages; a TCP listener stands where
// the rtmp:// URLs point (a loopback port the engine was NOT allowed to reach) and must see no
// connection at all, whichever route or job asks.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadInput } from '../../engine/src/features/web/media/media-download.ts';
import { planConversion } from '../../engine/src/features/web/media/media-options.ts';
import {
  checkFetched,
  DOWNLOAD_PROTOCOL_ARGS,
} from '../../engine/src/features/web/media/ytdlp/media-protocols.ts';
import { runYtDlp } from '../../engine/src/features/web/media/ytdlp/ytdlp-run.ts';
import { fetchPolicy } from '../../engine/src/features/platform/index.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { requireFile } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { startLocalWeb, type LocalWeb } from '../helpers/web-server.ts';

type Json = Record<string, unknown>;

let engine: TestEngine;
let web: LocalWeb;
let listener: net.Server;
let listenerPort = 0;
const connections: string[] = [];
const temp = makeTempDir('media-rtmp-');

function videoPage(title: string, sources: string[]): string {
  const tags = sources.map((src) => `<source src="${src}" type="video/mp4">`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body><video controls>${tags}</video></body></html>`;
}

async function call(
  method: string,
  route: string,
  body?: unknown,
  auth = true,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(auth && { Authorization: `Bearer ${engine.token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Waits for a job's end, read from the queue itself (public jobs have no owner to ask as). */
async function jobEnd(id: number): Promise<{ status: string; errorMessage: string | null }> {
  for (;;) {
    const row = engine.engine.services.jobRepo.get(id);
    if (row && ['completed', 'failed', 'cancelled'].includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  requireFile('/usr/bin/yt-dlp', 'a system yt-dlp (apt-get install yt-dlp) for media extraction');
  requireFile(
    '/usr/bin/rtmpdump',
    'rtmpdump (apt-get install rtmpdump), the tool yt-dlp hands rtmp to',
  );
  listener = net.createServer((socket) => {
    connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as net.AddressInfo).port;
  web = await startLocalWeb(path.join(temp.dir, 'site'));
  const rtmp = `rtmp://127.0.0.1:${listenerPort}/live/stream`;
  web.page('/rtmp-only', videoPage('Stream only', [rtmp]));
  web.page('/mixed', videoPage('Both ways', [rtmp, `${web.url}/clip.mp4`]));
  engine = await startEngine({
    fetchAllowLoopback: [web.port],
    fetchTimeoutSeconds: 15,
    ytDlp: 'system',
  });
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  await web?.close();
  await new Promise((resolve) => listener?.close(resolve));
  temp.cleanup();
});

describe('rtmp media', { timeout: 120_000 }, () => {
  it('is refused by info, download and the public download, with no connection made', async () => {
    const url = `${web.url}/rtmp-only`;
    const info = await call('POST', '/video/info', { url, include_formats: true });
    expect(info.status, JSON.stringify(info.json)).toBe(400);
    expect(info.json).toMatchObject({ code: 'validation_error', reason: 'refused' });
    expect(String(info.json.detail)).toMatch(/rtmp: only http and https media is fetched/);

    for (const [route, auth] of [
      ['/video/download', true],
      ['/video/public/download', false],
    ] as const) {
      const res = await call('POST', route, { url, format: 'mp4' }, auth);
      expect(res.status, `${route}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.reason).toBe('refused');
    }
    expect(connections).toEqual([]);
  });

  it('is refused inside a download job too (the page changed after its info was read)', async () => {
    // A job made without the info step, as a crafted or stale request would: the selector, the
    // match filter and the check of what was fetched must hold on their own.
    const plan = planConversion(
      { format: 'mp4', quality: null, audioOnly: false, formatSelector: null, public: true },
      { formats: [] },
    );
    const input: DownloadInput = {
      url: `${web.url}/rtmp-only`,
      format: 'mp4',
      quality: null,
      audio_only: false,
      include_thumbnail: false,
      format_selector: null,
      output_filename: null,
      public: true,
      task_id: crypto.randomUUID(),
      platform: 'generic',
      title: null,
      duration: null,
      thumbnail_url: null,
      plan,
    };
    for (const selector of [plan.selector, 'b', 'worst']) {
      const job = await engine.engine.services.jobs.create('public', 'video_download_public', {
        ...input,
        plan: { ...plan, selector },
      });
      const end = await jobEnd(job.id);
      expect(end.status, selector).toBe('failed');
      expect(String(end.errorMessage)).toMatch(/refused|Requested format is not available/);
    }
    expect(connections).toEqual([]);
  });

  it('the match filter alone stops yt-dlp before rtmpdump, and the check names it', async () => {
    // Lock 3 without lock 2: a selector with no protocol filter picks the rtmp format; the match
    // filter skips it before any download, so no info is printed and checkFetched refuses.
    const work = path.join(temp.dir, 'lock3');
    fs.mkdirSync(work);
    const out = await runYtDlp(
      { source: 'system', path: '/usr/bin/yt-dlp', version: 'system' },
      fetchPolicy({ profile: 'local', fetchAllowLoopback: [web.port] }),
      [
        '-f',
        'b',
        ...DOWNLOAD_PROTOCOL_ARGS,
        '-o',
        path.join(work, 'media.%(ext)s'),
        '-j',
        '--no-simulate',
        `${web.url}/rtmp-only`,
      ],
      { deadlineMs: 30_000, maxBytes: 1e8, signal: new AbortController().signal, home: work },
    ).catch((error: unknown) => error);
    // yt-dlp ends quietly (it skipped the entry), having fetched nothing.
    expect(out).toMatchObject({ stdout: expect.not.stringContaining('{') });
    expect(fs.readdirSync(work).filter((name) => name.startsWith('media.'))).toEqual([]);
    expect(() => checkFetched(null)).toThrow(/only http and https media is fetched/);
    expect(() =>
      checkFetched({ protocol: 'rtmp', url: `rtmp://127.0.0.1:${listenerPort}/live/stream` }),
    ).toThrow(/served over rtmp/);
    expect(connections).toEqual([]);
  });

  it('offers and downloads only the http(s) media of a page that has both', async () => {
    const url = `${web.url}/mixed`;
    const info = await call('POST', '/video/info', { url, include_formats: true });
    expect(info.status, JSON.stringify(info.json)).toBe(200);
    const formats = info.json.formats as { format_id: string }[];
    expect(formats.length).toBe(1);
    const started = await call('POST', '/video/download', { url, format: 'mp4' });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const end = await jobEnd((started.json.job as { id: number }).id);
    expect(end.status, JSON.stringify(end)).toBe('completed');
    // Everything came from the web server's clip, nothing from the listener.
    expect(web.hits.get('/clip.mp4') ?? 0).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(connections).toEqual([]);
  });
});
