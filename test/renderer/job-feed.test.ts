/**
 * The studio's live job feed and `watchJob`, the core of `useJob`: merge rules, the first fetch,
 * events, a refetch whenever the stream reopens, and stopping. The last case follows a real
 * `audio_analysis` job on a real engine (real ffmpeg) over its real event stream, the way the
 * JobsProvider wires it, with no polling.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../renderer/src/api/client.ts';
import { followJobEvents } from '../../renderer/src/api/job-events.ts';
import type { Job } from '../../renderer/src/api/types.ts';
import { JobFeed, watchJob } from '../../renderer/src/features/jobs/job-feed.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

function job(id: number, over: Partial<Job> = {}): Job {
  return {
    id,
    type: 'audio_analysis',
    status: 'running',
    progress: 0,
    stage: 'measuring',
    eta_seconds: null,
    created_at: '2026-01-01T00:00:00.000Z',
    started_at: '2026-01-01T00:00:01.000Z',
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    input: { file_key: 'k' },
    result: null,
    ...over,
  };
}

/** A fetch the test answers by hand, recording each call's signal. */
function manualFetch() {
  const calls: {
    id: number;
    signal: AbortSignal;
    answer: (job: Job) => void;
    fail: (e: Error) => void;
  }[] = [];
  const fetchJob = (id: number, signal: AbortSignal) =>
    new Promise<Job>((answer, fail) => calls.push({ id, signal, answer, fail }));
  return { calls, fetchJob };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('JobFeed', () => {
  it('keeps the most advanced snapshot and tells listeners only of real moves', () => {
    const feed = new JobFeed();
    const heard: number[] = [];
    const everything: number[] = [];
    const stop = feed.watch(1, (j) => heard.push(j.progress));
    feed.watchAll((j) => everything.push(j.id));
    feed.publish(job(1, { progress: 40 }));
    // An older snapshot (a slow fetch) does not take the job back.
    expect(feed.publish(job(1, { progress: 10 })).progress).toBe(40);
    feed.publish(job(2, { progress: 5 }));
    feed.publish(job(1, { status: 'completed', progress: 100 }));
    // Once ended, a late "running" snapshot changes nothing.
    expect(feed.publish(job(1, { progress: 90 })).status).toBe('completed');
    stop();
    feed.publish(job(1, { status: 'completed', progress: 100, stage: 'done' }));
    expect(heard).toEqual([40, 100]);
    expect(everything).toEqual([1, 2, 1, 1]);
    expect(feed.get(1)?.stage).toBe('done');
  });
});

describe('watchJob', () => {
  it('shows what is known, then the fetch, then events, and refetches when the stream reopens', async () => {
    const feed = new JobFeed();
    feed.publish(job(7, { status: 'queued', stage: null }));
    const { calls, fetchJob } = manualFetch();
    const seen: string[] = [];
    const stop = watchJob({
      feed,
      id: 7,
      fetchJob,
      onJob: (j) => seen.push(`${j.status} ${j.progress}`),
    });
    expect(seen).toEqual(['queued 0']);
    expect(calls.map((c) => c.id)).toEqual([7]);

    calls[0]!.answer(job(7, { progress: 20 }));
    await tick();
    feed.publish(job(7, { progress: 60 }));
    feed.publish(job(8, { progress: 99 })); // another job: not ours
    expect(seen).toEqual(['queued 0', 'running 20', 'running 60']);

    // The stream dropped and came back: what happened meanwhile is fetched.
    feed.reopened();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(job(7, { status: 'completed', progress: 100, result: { ok: true } }));
    await tick();
    expect(seen.at(-1)).toBe('completed 100');

    stop();
    feed.reopened();
    feed.publish(job(7, { status: 'completed', progress: 100, stage: 'done' }));
    expect(calls).toHaveLength(2);
    expect(seen).toHaveLength(4);
  });

  it('never lets a slow fetch undo a newer event, and aborts what it no longer needs', async () => {
    const feed = new JobFeed();
    const { calls, fetchJob } = manualFetch();
    const seen: number[] = [];
    const stop = watchJob({ feed, id: 3, fetchJob, onJob: (j) => seen.push(j.progress) });
    feed.publish(job(3, { progress: 80 }));
    feed.reopened(); // a second fetch replaces the first
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.answer(job(3, { progress: 50 }));
    await tick();
    expect(seen).toEqual([80, 80]);
    expect(feed.get(3)?.progress).toBe(80);
    feed.reopened();
    stop();
    expect(calls[2]!.signal.aborted).toBe(true);
  });

  it('reports a failed fetch and keeps the last known state', async () => {
    const feed = new JobFeed();
    const { calls, fetchJob } = manualFetch();
    const errors: string[] = [];
    const seen: Job[] = [];
    watchJob({
      feed,
      id: 4,
      fetchJob,
      onJob: (j) => seen.push(j),
      onError: (message) => errors.push(message),
    });
    calls[0]!.fail(new Error('engine went away'));
    await tick();
    expect(errors).toEqual(['engine went away']);
    expect(seen).toEqual([]);
  });
});

describe('watchJob on a real engine', () => {
  let engine: TestEngine;
  const temp = makeTempDir('tapehouse-job-feed-');

  beforeAll(async () => {
    engine = await startEngine();
  });

  afterAll(async () => {
    await engine?.stop();
    temp.cleanup();
  });

  it('follows an analysis job to its result over the event stream alone', async () => {
    const api = new ApiClient({ baseUrl: engine.url, getToken: async () => engine.token });
    const feed = new JobFeed();
    let opened = 0;
    const stopEvents = followJobEvents({
      open: (signal) => api.openJobEvents(signal),
      onEvent: (event) => feed.publish(event.job),
      onState: (state) => {
        if (state.kind === 'open') {
          opened++;
          feed.reopened();
        }
      },
    });
    try {
      await expect.poll(() => opened).toBe(1);
      const wav = makeSineWav(temp.dir, 'tone.wav', 2);
      const stored = await api.uploadFile(new Blob([fs.readFileSync(wav)]), path.basename(wav));
      const started = await api.startAnalysis(stored.file_key);

      let fetches = 0;
      const states: string[] = [];
      let last: Job | null = null;
      const stop = watchJob({
        feed,
        id: started.id,
        fetchJob: (id, signal) => {
          fetches++;
          return api.getJob(id, signal);
        },
        onJob: (j) => {
          last = j;
          if (states.at(-1) !== j.status) states.push(j.status);
        },
      });
      await expect.poll(() => last?.status, { timeout: 30_000 }).toBe('completed');
      stop();
      stopEvents();
      // One fetch when watching began; everything after came as events.
      expect(fetches).toBe(1);
      expect(states.at(-1)).toBe('completed');
      const result = (last as Job | null)?.result as { duration_seconds: number } | undefined;
      expect(result?.duration_seconds).toBeCloseTo(2, 1);
    } finally {
      stopEvents();
    }
  });
});
