// A job that waits for others (JobHandler.waitsFor) stays queued, holding no slot, with the
// stage saying why, and starts once they have ended — by completing or by being cancelled.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { JobEvents } from './job-events.ts';
import { JobRegistry } from './job-registry.ts';
import { JobRepo, type JobRow } from './job-repo.ts';
import { JobRunner } from './job-runner.ts';
import type { JobHandler } from './job-types.ts';

let handle: DatabaseHandle | null = null;
afterEach(() => handle?.close());

/** A job that runs until `release()` is called. */
function gate(type: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler: JobHandler<object, { ok: true }> = {
    type,
    resource: 'io',
    idempotent: true,
    input: z.object({}),
    async run({ signal }) {
      await Promise.race([
        released,
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ]);
      return { ok: true };
    },
  };
  return { handler, release: () => release() };
}

function setup(waitFor: () => number[]) {
  handle = openDatabase(':memory:');
  migrateDatabase(handle);
  const repo = new JobRepo(handle.db);
  const registry = new JobRegistry();
  const first = gate('first');
  registry.register(first.handler);
  let ran = 0;
  registry.register({
    type: 'after',
    resource: 'inference',
    idempotent: true,
    input: z.object({}),
    waitsFor: () => ({ jobIds: waitFor(), stage: 'waiting for the first job' }),
    run: () => {
      ran += 1;
      return Promise.resolve({ ok: true });
    },
  });
  const events = new JobEvents();
  const seen: string[] = [];
  events.subscribe((e) => {
    if (e.job.type === 'after') seen.push(`${e.event}:${e.job.status}:${e.job.stage ?? ''}`);
  });
  const runner = new JobRunner(repo, registry, events, {
    concurrency: { inference: 1, ffmpeg: 1, io: 2 },
  });
  runner.open();
  return { repo, runner, first, ran: () => ran, seen };
}

async function until(repo: JobRepo, id: number, done: (row: JobRow) => boolean): Promise<JobRow> {
  for (let i = 0; i < 500; i++) {
    const row = repo.get(id);
    if (row && done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} is ${JSON.stringify(repo.get(id))}`);
}

describe('jobs that wait for other jobs', () => {
  it('stay queued with a stage while the other runs, then start once it has completed', async () => {
    let firstId = 0;
    const t = setup(() => [firstId]);
    firstId = (await t.runner.create('u', 'first', {})).id;
    const after = await t.runner.create('u', 'after', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = t.repo.get(after.id);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.stage).toBe('waiting for the first job');
    expect(t.ran()).toBe(0);
    expect(t.seen).toContain('job.progress:queued:waiting for the first job');
    t.first.release();
    await until(t.repo, after.id, (row) => row.status === 'completed');
    expect(t.ran()).toBe(1);
  });

  it('start when the job they wait for is cancelled while still queued', async () => {
    let firstId = 0;
    const t = setup(() => [firstId]);
    // io runs two at a time: two held `first` jobs fill it, so a third one stays queued.
    const holder = await t.runner.create('u', 'first', {});
    const second = await t.runner.create('u', 'first', {});
    const third = await t.runner.create('u', 'first', {});
    firstId = third.id;
    expect(t.repo.get(third.id)?.status).toBe('queued');
    const after = await t.runner.create('u', 'after', {});
    expect(t.repo.get(after.id)?.status).toBe('queued');
    t.runner.cancel(third.id);
    await until(t.repo, after.id, (row) => row.status === 'completed');
    expect(t.repo.get(holder.id)?.status).toBe('running');
    expect(t.repo.get(second.id)?.status).toBe('running');
    t.runner.cancel(holder.id);
    t.runner.cancel(second.id);
  });

  it('run at once when nothing they name is active', async () => {
    const t = setup(() => [12345]);
    const after = await t.runner.create('u', 'after', {});
    await until(t.repo, after.id, (row) => row.status === 'completed');
  });
});
