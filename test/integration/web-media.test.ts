// Media extraction (document 3) against local servers this test starts: a direct MP4 and MP3, a
// page with <video>/og:video, an HLS stream made with ffmpeg, a 404, a stalling server, a
// redirect to a private address. The real yt-dlp (Debian's in CI) runs behind the fetcher's
// proxy; the real ffmpeg converts. Nothing reaches beyond 127.0.0.1.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { requireFile } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { startLocalWeb, type LocalWeb } from '../helpers/web-server.ts';

let engine: TestEngine;
let web: LocalWeb;
const temp = makeTempDir();

type Json = Record<string, unknown>;

async function post(
  route: string,
  body: unknown,
  auth = true,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${engine.api}${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth && { Authorization: `Bearer ${engine.token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function get(route: string, auth = true): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${engine.api}${route}`, {
    headers: auth ? { Authorization: `Bearer ${engine.token}` } : {},
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Polls a rate-limited route gently (the contract allows 60 status reads a minute). */
async function until(route: string, done: (json: Json, status: number) => boolean, auth = true) {
  for (let i = 0; i < 90; i++) {
    const answer = await get(route, auth);
    if (answer.status !== 429 && done(answer.json, answer.status)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${route} never finished`);
}

/** Waits on the engine's own job route (no rate limit), then reads the download once. */
async function finished(id: unknown): Promise<{ status: number; json: Json }> {
  for (;;) {
    const job = await get(`/jobs/${String(id)}`);
    if (['completed', 'failed', 'cancelled'].includes(String(job.json.status))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return get(`/video/video-download/jobs/${String(id)}`);
}

/** ffmpeg's own description of a file (its stream lines). */
function describeFile(file: string): string {
  try {
    execFileSync(systemFfmpeg(), ['-hide_banner', '-i', file], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? '');
  }
  return '';
}

async function saveDownload(url: unknown, name: string): Promise<string> {
  expect(typeof url).toBe('string');
  const res = await fetch(url as string);
  expect(res.status).toBe(200);
  const file = path.join(temp.dir, name);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

beforeAll(async () => {
  requireFile('/usr/bin/yt-dlp', 'a system yt-dlp (apt-get install yt-dlp) for media extraction');
  web = await startLocalWeb(path.join(temp.dir, 'site'));
  engine = await startEngine({
    fetchAllowLoopback: [web.port],
    // Long enough for yt-dlp's own start on a loaded 2-core CI machine (its run is inside the
    // deadline), short enough that the stalling server's test stays brief.
    fetchTimeoutSeconds: 15,
    ytDlp: 'system',
  });
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  await web?.close();
  temp.cleanup();
});

describe('media info', { timeout: 120_000 }, () => {
  it('public info: 202 with a poll URL, then 200 metadata; cached after that', async () => {
    const first = await post('/video/public/info', { url: `${web.url}/watch` }, false);
    expect(first.status).toBe(202);
    expect(first.json.status).toMatch(/PENDING|PROCESSING/);
    expect(String(first.json.poll_url)).toContain(
      `/video/video-download/public/info/status/${first.json.job_id}`,
    );
    const done = await until(
      `/video/video-download/public/info/status/${first.json.job_id}`,
      (_json, status) => status !== 202,
      false,
    );
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    // The page offers the video twice (<video> and og:video); yt-dlp numbers the first entry.
    expect(done.json.title).toMatch(/^Harbour at dawn/);
    expect(done.json.platform).toMatch(/^(generic|html5mediaembed)$/);
    const again = await post('/video/public/info', { url: `${web.url}/watch` }, false);
    expect(again.status).toBe(200);
    expect(again.json.title).toBe(done.json.title);
    // One page fetch for both answers: the second came from the cache.
    expect(web.hits.get('/watch')).toBe(1);
    expect((await get('/video/video-download/public/info/status/999999', false)).status).toBe(404);
  });

  it('authenticated info lists the formats of an HLS stream made with ffmpeg', async () => {
    const res = await post('/video/info', { url: `${web.url}/hls/stream.m3u8` });
    expect(res.status).toBe(200);
    const formats = res.json.formats as { format_id: string; ext: string | null }[];
    expect(formats.length).toBeGreaterThan(0);
    expect(formats[0]?.ext).toBe('mp4');
    expect(web.hits.get('/hls/stream.m3u8')).toBeGreaterThan(0);
    expect(res.json.estimated_credits).toBeGreaterThan(0);
  });

  it('a 404, a stalling server and a redirect to a private address are 400 with a reason', async () => {
    const missing = await post('/video/info', { url: `${web.url}/nothing-here.mp4` });
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toMatch(/404/);

    const started = Date.now();
    const slow = await post('/video/info', { url: `${web.url}/slow` });
    expect(slow.status).toBe(400);
    expect(slow.json.detail).toMatch(/timeout|within 15 s/);
    expect(Date.now() - started).toBeLessThan(40_000);

    const privateHop = await post('/video/info', { url: `${web.url}/to-private` });
    expect(privateHop.status).toBe(400);
    expect(privateHop.json.detail).toMatch(/192\.168\.1\.20.*private/);

    const direct = await post('/video/info', { url: 'http://10.0.0.8/video.mp4' });
    expect(direct.status).toBe(400);
    expect(direct.json.detail).toMatch(/private/);
    // A port of this machine the owner did not list stays closed.
    const otherPort = await post('/video/info', { url: `http://127.0.0.1:${web.port + 1}/a.mp4` });
    expect(otherPort.status).toBe(400);
    expect(otherPort.json.detail).toMatch(/not in the allowed list/);
  });
});

describe('downloads', { timeout: 180_000 }, () => {
  it('a direct MP4 as MP3: converted by ffmpeg, stored, charged per minute', async () => {
    const before = (await get('/credits')).json.total_available_credits as number;
    const res = await post('/video/download', {
      url: `${web.url}/moved.mp4`,
      format: 'mp3',
      quality: '128kbps',
      output_filename: 'harbour sound',
    });
    expect(res.status).toBe(202);
    const id = (res.json.job as Json).id;
    expect(res.json.estimated_credits).toBeGreaterThan(0);
    const done = await finished(id);
    expect(done.json.error_message).toBeNull();
    expect(done.json.status).toBe('COMPLETED');
    expect(done.json.filename).toBe('harbour sound.mp3');
    expect(done.json.audio_codec).toBe('mp3');
    expect(done.json.video_codec).toBeNull();
    expect(done.json.duration as number).toBeCloseTo(4, 0);
    const file = await saveDownload(done.json.download_url, 'harbour.mp3');
    expect(describeFile(file)).toMatch(/Audio: mp3/);
    const after = (await get('/credits')).json.total_available_credits as number;
    expect(before - after).toBe(done.json.credits_used);
    expect(done.json.credits_used).toBeGreaterThan(0);
  });

  it('the page with og:video as MP4 with a thumbnail; HLS as WebM audio-only', async () => {
    const page = await post('/video/download', {
      url: `${web.url}/watch`,
      format: 'mp4',
      include_thumbnail: true,
      quality: '720p',
    });
    expect(page.status).toBe(202);
    const pageDone = await finished((page.json.job as Json).id);
    expect(pageDone.json.status).toBe('COMPLETED');
    expect(pageDone.json.video_codec).toBe('h264');
    expect(pageDone.json.resolution).toBe('320x240');
    const thumb = await fetch(pageDone.json.thumbnail_url as string);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const hls = await post('/video/download', {
      url: `${web.url}/hls/stream.m3u8`,
      format: 'webm',
      audio_only: true,
    });
    const hlsDone = await finished((hls.json.job as Json).id);
    expect(hlsDone.json.status).toBe('COMPLETED');
    expect(hlsDone.json.audio_codec).toBe('opus');
    expect(hlsDone.json.video_codec).toBeNull();
    // Every segment came through the proxy, so through the fetcher's rules.
    expect(web.hits.get('/hls/stream0.ts')).toBeGreaterThan(0);
  });

  it('lists downloads with the status, platform and format filters', async () => {
    const all = await get('/video/video-download/jobs?limit=50');
    expect((all.json.items as Json[]).length).toBeGreaterThanOrEqual(3);
    const mp3 = await get('/video/video-download/jobs?format=mp3&status=COMPLETED');
    expect(
      (mp3.json.items as Json[]).every((j) => j.format === 'mp3' && j.status === 'COMPLETED'),
    ).toBe(true);
    expect(mp3.json.total).toBe(1);
    const none = await get('/video/video-download/jobs?platform=youtube');
    expect(none.json.total).toBe(0);
  });

  it('public download: basic formats, no credential, followed by task_id; 10-minute cap', async () => {
    const res = await post(
      '/video/public/download',
      { url: `${web.url}/tone.mp3`, format: 'wav' },
      false,
    );
    expect(res.status).toBe(202);
    const done = await until(
      `/video/public/download/${res.json.task_id}`,
      (j) => j.status === 'COMPLETED' || j.status === 'FAILED',
      false,
    );
    expect(done.json.status).toBe('COMPLETED');
    expect(done.json.audio_codec).toBe('pcm_s16le');
    const refused = await post(
      '/video/public/download',
      { url: `${web.url}/tone.mp3`, format: 'mkv' },
      false,
    );
    expect(refused.status).toBe(400);

    const long = await post(
      '/video/public/download',
      { url: `${web.url}/long.mp3`, format: 'mp3' },
      false,
    );
    const longDone = await until(
      `/video/public/download/${long.json.task_id}`,
      (j) => j.status === 'COMPLETED' || j.status === 'FAILED',
      false,
    );
    expect(longDone.json.status).toBe('FAILED');
    expect(longDone.json.error_message).toMatch(/10 minutes/);
  });

  it('a downloaded file goes straight to stem separation through its signed URL', async () => {
    const list = await get('/video/video-download/jobs?format=mp3');
    const job = (list.json.items as Json[])[0]!;
    const res = await post('/stem-extraction/api/extract', { url: job.download_url, mode: 'two' });
    expect(res.status).toBe(202);
  });
});
