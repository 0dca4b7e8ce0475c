// Jobs end to end on a real engine: upload → audio_analysis job with real ffmpeg → progress and
// completion over SSE; cancellation; pagination; the result's numbers match the signal.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../engine/src/jobs/job-types.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { collectJobEvents } from '../helpers/sse.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

let engine: TestEngine;
const temp = makeTempDir();
beforeAll(async () => {
  engine = await startEngine();
});
afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}`, ...extra };
}

async function upload(file: string): Promise<string> {
  const res = await fetch(`${engine.api}/files`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'audio/wav', 'X-Filename': 'tone.wav' }),
    body: fs.readFileSync(file),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { file_key: string }).file_key;
}

async function startAnalysis(fileKey: string): Promise<JobView> {
  const res = await fetch(`${engine.api}/analysis`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ file_key: fileKey }),
  });
  expect(res.status).toBe(202);
  return (await res.json()) as JobView;
}

async function waitFor(id: number, statuses: string[], timeoutMs = 60_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await (
      await fetch(`${engine.api}/jobs/${id}`, { headers: headers() })
    ).json()) as JobView;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('audio_analysis job', () => {
  it('measures a known sine and streams progress then completion over SSE', async () => {
    const wav = makeSineWav(temp.dir, 'tone.wav', 60);
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    await events.ready;
    const key = await upload(wav);
    const job = await startAnalysis(key);
    expect(job).toMatchObject({ type: 'audio_analysis', status: 'queued', progress: 0 });
    const done = await waitFor(job.id, ['completed', 'failed']);
    expect(done.status, done.error_message ?? '').toBe('completed');
    const result = done.result as Record<string, number | number[]>;
    expect(result.duration_seconds).toBeCloseTo(60, 0);
    expect(result.rms_db as number).toBeCloseTo(-9.03, 0);
    expect(result.peak_db as number).toBeCloseTo(-6.02, 0);
    expect((result.waveform as number[]).length).toBe(400);
    const seen = await events.until((e) => e.job.id === job.id && e.event === 'job.completed');
    const names = seen.filter((e) => e.job.id === job.id).map((e) => e.event);
    expect(names[0]).toBe('job.created');
    expect(names).toContain('job.progress');
    expect(names.at(-1)).toBe('job.completed');
    events.close();
  });

  it('fails with a clear message for a file that is not audio, and the engine keeps serving', async () => {
    const bogus = `${temp.dir}/not-audio.wav`;
    fs.writeFileSync(bogus, 'this is not a wav file at all'.repeat(10));
    const job = await startAnalysis(await upload(bogus));
    const done = await waitFor(job.id, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error_message).toBeTruthy();
    expect(done.error_message).not.toMatch(/at .*\.ts:\d+/); // no stack traces
    expect((await fetch(`${engine.api}/health`)).status).toBe(200);
  });

  it('rejects an empty upload and an unknown file key', async () => {
    const empty = await fetch(`${engine.api}/files`, {
      method: 'POST',
      headers: headers({ 'Content-Type': 'audio/wav' }),
      body: '',
    });
    expect(empty.status).toBe(400);
    const res = await fetch(`${engine.api}/analysis`, {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ file_key: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(res.status).toBe(404);
  });

  it('cancels a running job: it ends cancelled, not failed', async () => {
    const wav = makeSineWav(temp.dir, 'long.wav', 1800, 16_000);
    const job = await startAnalysis(await upload(wav));
    await waitFor(job.id, ['running']);
    const res = await fetch(`${engine.api}/jobs/${job.id}/cancel`, {
      method: 'POST',
      headers: headers(),
    });
    expect(res.status).toBe(200);
    const done = await waitFor(job.id, ['cancelled', 'completed', 'failed']);
    expect(done.status).toBe('cancelled');
    expect(done.error_message).toBeNull();
  });

  it('lists jobs newest first with the contract pagination fields', async () => {
    const res = await fetch(`${engine.api}/jobs?per_page=2&page=1`, { headers: headers() });
    const body = (await res.json()) as {
      jobs: JobView[];
      total: number;
      has_next: boolean;
      has_prev: boolean;
      page: number;
    };
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.jobs).toHaveLength(2);
    expect(body.jobs[0]!.id).toBeGreaterThan(body.jobs[1]!.id);
    expect(body).toMatchObject({ page: 1, has_next: true, has_prev: false });
    const filtered = (await (
      await fetch(`${engine.api}/jobs?status=cancelled`, { headers: headers() })
    ).json()) as { jobs: JobView[] };
    expect(filtered.jobs.every((j) => j.status === 'cancelled')).toBe(true);
    const missing = await fetch(`${engine.api}/jobs/999999`, { headers: headers() });
    expect(missing.status).toBe(404);
  });
});
