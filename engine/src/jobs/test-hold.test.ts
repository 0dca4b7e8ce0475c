import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { JobEvents } from './job-events.ts';
import { recoverInterruptedJobs } from './job-recovery.ts';
import { JobRegistry } from './job-registry.ts';
import { JobRepo, type JobRow } from './job-repo.ts';
import { JobRunner } from './job-runner.ts';
import type { JobHandler } from './job-types.ts';
import { parseTestHold, TEST_HOLD_STAGE, withTestHold } from './test-hold.ts';

const LOCAL = { testHoldJobs: ['probe'], profile: 'local' };

function probe(type: string, fail = false): JobHandler<object, { ok: true }> & { runs: number } {
  const handler = {
    type,
    resource: 'io' as const,
    idempotent: true,
    input: z.object({}),
    runs: 0,
    async run({ progress }: { progress: (u: { percent: number; stage?: string }) => void }) {
      handler.runs += 1;
      progress({ percent: 40, stage: 'working' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (fail) throw new AppError('bad_request', 'The input was wrong.');
      return { ok: true as const };
    },
  };
  return handler;
}

let handle: DatabaseHandle | null = null;

afterEach(() => handle?.close());

function runnerWith(...handlers: JobHandler<object, unknown>[]) {
  handle = openDatabase(':memory:');
  migrateDatabase(handle);
  const repo = new JobRepo(handle.db);
  const registry = new JobRegistry();
  for (const handler of handlers) registry.register(withTestHold(handler, LOCAL));
  const runner = new JobRunner(repo, registry, new JobEvents(), {
    concurrency: { inference: 1, ffmpeg: 1, io: 4 },
  });
  runner.open();
  return { repo, registry, runner };
}

async function until(repo: JobRepo, id: number, done: (row: JobRow) => boolean): Promise<JobRow> {
  for (let i = 0; i < 500; i++) {
    const row = repo.get(id);
    if (row && done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} is ${JSON.stringify(repo.get(id))}`);
}

describe('the test-only job hold (TAPEHOUSE_TEST_HOLD_JOBS)', () => {
  it('reads a list of job types, and nothing when unset', () => {
    expect(parseTestHold(undefined, 'local')).toBeNull();
    expect(parseTestHold(' , ', 'local')).toBeNull();
    expect(parseTestHold(' denoise, *,', 'local')).toEqual(['denoise', '*']);
  });

  it('is refused in the hosted profile, from the environment or an override', () => {
    expect(() =>
      loadConfig({ TAPEHOUSE_PROFILE: 'hosted', TAPEHOUSE_TEST_HOLD_JOBS: '*' }, { home: '/x' }),
    ).toThrow(/test-only setting; the hosted profile refuses it/);
    expect(() => withTestHold(probe('probe'), { ...LOCAL, profile: 'hosted' })).toThrow(
      /hosted profile refuses/,
    );
    expect(loadConfig({}, { home: '/x' }).testHoldJobs).toBeNull();
  });

  it('leaves the types it does not name alone', () => {
    const other = probe('other');
    expect(withTestHold(other, LOCAL)).toBe(other);
    expect(withTestHold(other, { testHoldJobs: null, profile: 'local' })).toBe(other);
  });

  it('holds a job running after its work, with its last progress, until it is cancelled', async () => {
    const held = probe('probe');
    const free = probe('other');
    const { repo, runner } = runnerWith(held, free);
    const job = await runner.create('u1', 'probe', {});
    const other = await runner.create('u1', 'other', {});
    const holding = await until(repo, job.id, (row) => row.stage === TEST_HOLD_STAGE);
    expect(holding).toMatchObject({ status: 'running', progress: 40, attempts: 1 });
    expect(held.runs).toBe(1);
    expect(await until(repo, other.id, (row) => row.status === 'completed')).toMatchObject({
      result: { ok: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(repo.get(job.id)?.status).toBe('running');
    runner.cancel(job.id);
    expect(await until(repo, job.id, (row) => row.status !== 'running')).toMatchObject({
      status: 'cancelled',
      result: null,
    });
  });

  it('does not hold a job whose work failed', async () => {
    const { repo, runner } = runnerWith(probe('probe', true));
    const job = await runner.create('u1', 'probe', {});
    expect(await until(repo, job.id, (row) => row.status !== 'running')).toMatchObject({
      status: 'failed',
      errorMessage: 'The input was wrong.',
    });
  });

  it('leaves a held job to crash recovery when the engine stops', async () => {
    const { repo, registry, runner } = runnerWith(probe('probe'));
    const job = await runner.create('u1', 'probe', {});
    await until(repo, job.id, (row) => row.stage === TEST_HOLD_STAGE);
    await runner.stop();
    expect(repo.get(job.id)?.status).toBe('running');
    expect(recoverInterruptedJobs(repo, registry)).toEqual({ requeued: [job.id], failed: [] });
  });
});
