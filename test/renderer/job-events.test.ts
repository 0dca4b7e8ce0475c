import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  followJobEvents,
  parseJobEvent,
  type StreamState,
} from '../../renderer/src/api/job-events.ts';
import type { Job, JobEvent } from '../../renderer/src/api/types.ts';

function job(id: number, progress = 0): Job {
  return {
    id,
    type: 'audio_analysis',
    status: 'running',
    progress,
    stage: 'measuring',
    eta_seconds: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    started_at: '2025-01-01T00:00:01.000Z',
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    result: null,
    input: { file_key: 'k' },
  };
}

const frame = (event: JobEvent) => `event: job\ndata: ${JSON.stringify(event)}\n\n`;

/** A body that sends `chunks` then ends (the server or network dropped the stream). */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** A body that never sends anything and never ends, until cancelled. */
function silentBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start() {} });
}

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap, with jitter in the upper half', () => {
    const options = { initialMs: 1_000, maxMs: 30_000 };
    expect(backoffDelay(0, options, () => 0)).toBe(500);
    expect(backoffDelay(0, options, () => 1)).toBe(1_000);
    expect(backoffDelay(3, options, () => 1)).toBe(8_000);
    expect(backoffDelay(10, options, () => 1)).toBe(30_000);
    expect(backoffDelay(10, options, () => 0)).toBe(15_000);
    expect(backoffDelay(5_000, options, () => 0.5)).toBe(22_500);
  });
});

describe('parseJobEvent', () => {
  it('accepts the engine’s event shape', () => {
    const event: JobEvent = { event: 'job.progress', job: job(3, 40) };
    expect(parseJobEvent(JSON.stringify(event))).toEqual(event);
  });

  it('rejects malformed data instead of throwing', () => {
    expect(parseJobEvent('not json')).toBeNull();
    expect(parseJobEvent('null')).toBeNull();
    expect(
      parseJobEvent('{"event":"job.exploded","job":{"id":1,"status":"running","progress":1}}'),
    ).toBeNull();
    expect(
      parseJobEvent('{"event":"job.progress","job":{"id":"1","status":"running","progress":1}}'),
    ).toBeNull();
    expect(
      parseJobEvent('{"event":"job.progress","job":{"id":1,"status":"paused","progress":1}}'),
    ).toBeNull();
  });
});

describe('followJobEvents', () => {
  it('delivers job events, reconnects after the stream drops, and stops for good', async () => {
    const events: JobEvent[] = [];
    const states: StreamState[] = [];
    const bodies = [
      body([': hello\n\n', frame({ event: 'job.created', job: job(1) }).slice(0, 20)]),
      // The first connection dropped mid-event: that half event must not surface.
      body([frame({ event: 'job.progress', job: job(1, 50) }), 'event: other\ndata: {}\n\n']),
    ];
    let opened = 0;
    const stop = followJobEvents({
      open: async () => bodies[opened++] ?? silentBody(),
      onEvent: (event) => events.push(event),
      onState: (state) => states.push(state),
      backoff: { initialMs: 10, maxMs: 20 },
      random: () => 1,
    });
    await until(() => events.length === 1 && opened === 3);
    stop();
    expect(events).toEqual([{ event: 'job.progress', job: job(1, 50) }]);
    expect(states.map((s) => s.kind)).toEqual([
      'connecting',
      'open',
      'waiting',
      'connecting',
      'open',
      'waiting',
      'connecting',
      'open',
    ]);
  });

  it('backs off longer after each failed connect and reports the error', async () => {
    const states: StreamState[] = [];
    let attempts = 0;
    const stop = followJobEvents({
      open: async () => {
        attempts++;
        throw new Error('connection refused');
      },
      onEvent: () => {},
      onState: (state) => states.push(state),
      backoff: { initialMs: 5, maxMs: 40 },
      random: () => 1,
    });
    await until(() => attempts >= 5);
    stop();
    const waits = states.filter((s) => s.kind === 'waiting');
    expect(waits.slice(0, 4).map((s) => s.kind === 'waiting' && s.retryInMs)).toEqual([
      5, 10, 20, 40,
    ]);
    expect(waits[0]).toMatchObject({ error: 'connection refused' });
  });

  it('treats a silent stream as dead after the idle timeout', async () => {
    const states: StreamState[] = [];
    let opened = 0;
    const stop = followJobEvents({
      open: async () => {
        opened++;
        return silentBody();
      },
      onEvent: () => {},
      onState: (state) => states.push(state),
      backoff: { initialMs: 5, maxMs: 5 },
      idleTimeoutMs: 30,
      random: () => 1,
    });
    await until(() => opened >= 2);
    stop();
    const wait = states.find((s) => s.kind === 'waiting');
    expect(wait).toMatchObject({ error: expect.stringContaining('no data from the event stream') });
  });
});
