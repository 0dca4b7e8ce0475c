// Noise reduction over real HTTP (document 3, "Noise reduction"): real DeepFilterNet3 and GTCRN
// through ONNX Runtime on real noisy recordings (SI-SDR must improve against the clean
// reference, noise_reduction_db must be measured above 0, the duration must not change), video
// remuxed with its video stream copied bit for bit, the url form, the request errors, a missing
// model pack, and bad audio (not audio, empty, a corrupt MP3, ten hours of silence) that must
// end in a clear error or a correct result while the engine keeps serving.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../engine/src/audio/decode.ts';
import { probeMedia } from '../../engine/src/audio/probe.ts';
import type { Ffmpeg } from '../../engine/src/audio/types.ts';
import { siSdr } from '../../engine/src/features/cleanup/si-sdr.ts';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

type Json = Record<string, unknown>;

const models =
  realModel('denoise/gtcrn_simple.onnx') && realModel('denoise/deepfilternet3/enc.onnx');
const data = realData('noise');
const ready = models !== null && data !== null;

let engine: TestEngine;
let work: { dir: string; cleanup: () => void };
const ffmpeg: Ffmpeg = { path: systemFfmpeg(), version: 'system' };

let tenHoursOfSilence = '';

beforeAll(async () => {
  work = makeTempDir('denoise-it-');
  // Made before the engine starts: a long pause between requests lets the server close the
  // client's pooled keep-alive socket under it (ECONNRESET), which is not what is tested here.
  tenHoursOfSilence = path.join(work.dir, 'ten-hours.flac');
  if (ready) {
    run([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      '36000',
      '-c:a',
      'flac',
      tenHoursOfSilence,
    ]);
  }
  engine = await startEngine({ fetchAllowLoopback: 'any' });
});

afterAll(async () => {
  await engine.stop();
  work.cleanup();
});

function auth(): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}` };
}

async function submit(form: FormData | Json): Promise<Response> {
  const isForm = form instanceof FormData;
  return fetch(`${engine.api}/denoiser/denoise`, {
    method: 'POST',
    headers: isForm ? auth() : { ...auth(), 'Content-Type': 'application/json' },
    body: isForm ? form : JSON.stringify(form),
  });
}

function fileForm(file: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  return form;
}

async function waitDone(id: number, timeoutMs = 600_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${engine.api}/denoiser/jobs/${id}`, { headers: auth() });
    expect(res.status).toBe(200);
    const job = (await res.json()) as Json;
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${String(job.status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function denoise(file: string, fields: Record<string, string>): Promise<Json> {
  const res = await submit(fileForm(file, fields));
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(202);
  expect(body.status).toBe('PENDING');
  return waitDone(body.id as number);
}

async function download(url: unknown, name: string): Promise<string> {
  expect(typeof url).toBe('string');
  const res = await fetch(url as string);
  expect(res.status).toBe(200);
  const out = path.join(work.dir, name);
  fs.writeFileSync(out, Buffer.from(await res.arrayBuffer()));
  return out;
}

async function mono(file: string, sampleRate: number): Promise<Float32Array> {
  return (await decodeAudio(ffmpeg, file, { sampleRate, channels: 1 })).samples;
}

async function engineAlive(): Promise<void> {
  const res = await fetch(`${engine.api}/health`);
  expect(res.status).toBe(200);
}

function run(args: string[]): void {
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

describe.runIf(ready)('denoising real noisy speech', () => {
  it('balanced (GTCRN): SI-SDR improves, noise is measured lower, the length is kept', async () => {
    const noisy = path.join(data!, 'pairs_voicebank_demand/noisy/p287_003.wav');
    const clean = path.join(data!, 'pairs_voicebank_demand/clean/p287_003.wav');
    const job = await denoise(noisy, { quality_mode: 'balanced' });
    expect(job.status, String(job.error)).toBe('COMPLETED');
    expect(job.engine).toBe('GTCRN');
    // denoise_audio: 20 credits per started minute (the default cost table); 14.5 s → 1 minute.
    expect(job.credits_used).toBe(20);
    expect(job.noise_reduction_db as number).toBeGreaterThan(3);
    const out = await download(job.denoised_audio_url, 'balanced.wav');
    expect((await probeMedia(ffmpeg, out)).format).toBe('wav');
    const [x, y, c] = await Promise.all([
      mono(noisy, 16_000),
      mono(out, 16_000),
      mono(clean, 16_000),
    ]);
    expect(y.length).toBe(x.length);
    expect(siSdr(y, c)).toBeGreaterThan(siSdr(x, c) + 1);
    // The source is served back for the studio's A/B comparison.
    const source = await download(job.source_url, 'source.wav');
    expect(fs.readFileSync(source).equals(fs.readFileSync(noisy))).toBe(true);
  }, 300_000);

  it('studio (DeepFilterNet3, from a url): a large SI-SDR gain on the 48 kHz pair', async () => {
    const dir = path.join(data!, 'pairs_deepfilternet');
    const server = http.createServer((req, res) => {
      const file = path.join(dir, path.basename(req.url ?? ''));
      if (!fs.existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const missing = await submit({ url: `http://127.0.0.1:${port}/nope.wav` });
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as Json).detail).toMatch(/answered 404/);

      const url = `http://127.0.0.1:${port}/noisy_snr0.wav`;
      const res = await submit({ url, quality_mode: 'studio' });
      expect(res.status).toBe(202);
      const job = await waitDone(((await res.json()) as Json).id as number);
      expect(job.status, String(job.error)).toBe('COMPLETED');
      expect(job.engine).toBe('DeepFilterNet3');
      expect(job.source_url).toBe(url);
      expect(job.noise_reduction_db as number).toBeGreaterThan(6);
      const out = await download(job.denoised_audio_url, 'studio.wav');
      const [x, y, c] = await Promise.all([
        mono(path.join(dir, 'noisy_snr0.wav'), 48_000),
        mono(out, 48_000),
        mono(path.join(dir, 'clean_freesound_33711.wav'), 48_000),
      ]);
      expect(y.length).toBe(x.length);
      expect(siSdr(y, c) - siSdr(x, c)).toBeGreaterThan(8);
    } finally {
      server.close();
    }
  }, 300_000);

  it('keeps a video stream, copied and not re-encoded, and follows the input format', async () => {
    const noisy = path.join(data!, 'pairs_voicebank_demand/noisy/p287_002.wav');
    const video = path.join(work.dir, 'clip.mp4');
    run([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=3',
      '-i',
      noisy,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      video,
    ]);
    const job = await denoise(video, { quality_mode: 'balanced' });
    expect(job.status, String(job.error)).toBe('COMPLETED');
    expect(job.is_video).toBe(true);
    const out = await download(job.video_output_url, 'clip-denoised.mp4');
    const info = await probeMedia(ffmpeg, out);
    expect(info.has_video).toBe(true);
    expect(info.audio?.codec).toBe('aac');
    const videoMd5 = (file: string): string =>
      execFileSync(ffmpeg.path, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        file,
        '-map',
        '0:v',
        '-c',
        'copy',
        '-f',
        'md5',
        '-',
      ]).toString();
    expect(videoMd5(out)).toBe(videoMd5(video));
    const audio = await download(job.denoised_audio_url, 'clip-denoised.m4a');
    expect((await probeMedia(ffmpeg, audio)).has_video).toBe(false);
  }, 300_000);

  it('answers MP3 with MP3 and honours output_format', async () => {
    const noisy = path.join(data!, 'pairs_voicebank_demand/noisy/p287_001.wav');
    const mp3 = path.join(work.dir, 'take.mp3');
    run(['-i', noisy, '-c:a', 'libmp3lame', '-b:a', '128k', mp3]);
    const same = await denoise(mp3, { quality_mode: 'balanced' });
    expect(same.status, String(same.error)).toBe('COMPLETED');
    expect(String(same.denoised_audio_url)).toMatch(/\.mp3|downloads/);
    const sameOut = await download(same.denoised_audio_url, 'take-denoised.mp3');
    expect((await probeMedia(ffmpeg, sameOut)).format).toBe('mp3');
    const flac = await denoise(noisy, { quality_mode: 'balanced', output_format: 'flac' });
    const flacOut = await download(flac.denoised_audio_url, 'take.flac');
    expect((await probeMedia(ffmpeg, flacOut)).format).toBe('flac');
    // Stereo stays stereo, each channel denoised on its own (left noisy, right silent here).
    const stereo = path.join(work.dir, 'stereo.wav');
    run(['-i', noisy, '-af', 'pan=stereo|c0=c0|c1=0*c0', stereo]);
    const both = await denoise(stereo, { quality_mode: 'studio' });
    expect(both.status, String(both.error)).toBe('COMPLETED');
    const bothOut = await download(both.denoised_audio_url, 'stereo-out.wav');
    const decoded = await decodeAudio(ffmpeg, bothOut);
    expect(decoded.channels).toBe(2);
    const input = await decodeAudio(ffmpeg, stereo);
    expect(decoded.samples.length).toBe(input.samples.length);
    let left = 0;
    let right = 0;
    for (let i = 0; i < decoded.samples.length; i += 2) {
      left += decoded.samples[i]! ** 2;
      right += decoded.samples[i + 1]! ** 2;
    }
    expect(left).toBeGreaterThan(0);
    expect(right).toBe(0);
  }, 300_000);
});

describe('request errors', () => {
  it('refuses an unknown mode, both or neither of file and url, and a bad url with 400', async () => {
    const wav = path.join(work.dir, 'tone.wav');
    run(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', wav]);
    const unknown = await submit(fileForm(wav, { quality_mode: 'aggressive' }));
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as Json;
    expect(body.code).toBe('validation_error');
    expect(body.detail).toMatch(/balanced, studio/);
    const both = await submit(fileForm(wav, { url: 'http://127.0.0.1:9/x.wav' }));
    expect(both.status).toBe(400);
    const neither = await submit({ quality_mode: 'studio' });
    expect(neither.status).toBe(400);
    const ftp = await submit({ url: 'ftp://example.com/x.wav' });
    expect(ftp.status).toBe(400);
    expect(((await ftp.json()) as Json).detail).toMatch(/http/);
    const missing = await fetch(`${engine.api}/denoiser/jobs/999999`, { headers: auth() });
    expect(missing.status).toBe(404);
  });

  it('answers 503 model_not_installed with the install command when the pack is missing', async () => {
    const empty = makeTempDir('denoise-nomodels-');
    const bare = await startEngine({ modelsDir: empty.dir });
    try {
      const wav = path.join(work.dir, 'tone2.wav');
      run(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', wav]);
      const res = await fetch(`${bare.api}/denoiser/denoise`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bare.token}` },
        body: fileForm(wav, { quality_mode: 'studio' }),
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as Json;
      expect(body.code).toBe('model_not_installed');
      expect(body.detail).toMatch(/“DeepFilterNet3[^”]*” pack is not installed/);
      expect(body).toMatchObject({ pack: 'deepfilternet3', install: ['deepfilternet3'] });
    } finally {
      await bare.stop();
      empty.cleanup();
    }
  });
});

describe.runIf(ready)('bad audio', () => {
  it('fails a file that is not audio with a clear error and keeps serving', async () => {
    const text = path.join(work.dir, 'notes.wav');
    fs.writeFileSync(text, 'this is a shopping list, not a recording\n'.repeat(50));
    const job = await denoise(text, { quality_mode: 'balanced' });
    expect(job.status).toBe('FAILED');
    expect(String(job.error)).toMatch(/not a media file|damaged or not audio/);
    // Named by the user's file name, not the store's content hash.
    expect(String(job.error)).toContain('notes.wav');
    await engineAlive();
  });

  it('refuses an empty upload with 400', async () => {
    const empty = path.join(work.dir, 'empty.wav');
    fs.writeFileSync(empty, '');
    const res = await submit(fileForm(empty));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).detail).toMatch(/empty/);
    await engineAlive();
  });

  it('fails a corrupt MP3 (valid header, garbage body) clearly and keeps serving', async () => {
    const good = path.join(work.dir, 'good.mp3');
    run(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', '-c:a', 'libmp3lame', good]);
    const bytes = fs.readFileSync(good);
    const corrupt = Buffer.alloc(bytes.length);
    bytes.copy(corrupt, 0, 0, 64); // ID3 start only
    for (let i = 64; i < corrupt.length; i++) corrupt[i] = (i * 7919) % 251;
    const file = path.join(work.dir, 'corrupt.mp3');
    fs.writeFileSync(file, corrupt);
    const job = await denoise(file, { quality_mode: 'balanced' });
    expect(job.status).toBe('FAILED');
    expect(String(job.error)).toMatch(/damaged|not a media file|no audio/);
    await engineAlive();
  });

  it('denoises ten hours of digital silence to ten hours of silence', async () => {
    const job = await denoise(tenHoursOfSilence, { quality_mode: 'balanced' });
    expect(job.status, String(job.error)).toBe('COMPLETED');
    expect(job.noise_reduction_db).toBe(0);
    expect(job.duration_seconds as number).toBeCloseTo(36_000, 0);
    const out = await download(job.denoised_audio_url, 'ten-hours-out.flac');
    const info = await probeMedia(ffmpeg, out);
    expect(info.duration_seconds as number).toBeCloseTo(36_000, 0);
    for (const startSeconds of [0, 35_940]) {
      const part = await decodeAudio(ffmpeg, out, { startSeconds, durationSeconds: 60 });
      expect(part.samples.length).toBeGreaterThan(0);
      expect(part.samples.every((v) => v === 0)).toBe(true);
    }
    await engineAlive();
  }, 900_000);
});
