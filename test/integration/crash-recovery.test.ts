// Crash safety: SIGKILL the engine while a job runs, restart it on the same data dir, and the
// job is resumed (idempotent) — or, for a non-idempotent job, failed with its credits refunded.
// Never left `running` with no process behind it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../engine/src/db/client.ts';
import { migrateDatabase } from '../../engine/src/db/migrate.ts';
import { recoverInterruptedJobs } from '../../engine/src/jobs/job-recovery.ts';
import { JobRegistry } from '../../engine/src/jobs/job-registry.ts';
import { JobRepo } from '../../engine/src/jobs/job-repo.ts';
import type { JobView } from '../../engine/src/jobs/job-types.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngine, startEngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

async function getJob(api: string, token: string, id: number): Promise<JobView> {
  return (await (
    await fetch(`${api}/jobs/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as JobView;
}

describe('crash recovery', () => {
  it('resumes an idempotent job after the engine is SIGKILLed mid-run', async () => {
    const home = path.join(temp.dir, 'home');
    const wav = makeSineWav(temp.dir, 'hour.wav', 3600, 16_000);
    const first = await startEngineProcess({ home });
    const up = await fetch(`${first.api}/files`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${first.token}`,
        'Content-Type': 'audio/wav',
        'X-Filename': 'hour.wav',
      },
      body: fs.readFileSync(wav),
    });
    const { file_key } = (await up.json()) as { file_key: string };
    const created = (await (
      await fetch(`${first.api}/analysis`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file_key }),
      })
    ).json()) as JobView;

    // Wait until the job is really working (progress reported), then kill without warning.
    for (let i = 0; ; i++) {
      const job = await getJob(first.api, first.token, created.id);
      if (job.status === 'running' && job.progress > 0) break;
      if (job.status !== 'queued' && job.status !== 'running')
        throw new Error(`job ended early: ${JSON.stringify(job)}`);
      if (i > 600) throw new Error('job never reported progress');
      await new Promise((r) => setTimeout(r, 50));
    }
    await first.kill();

    const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
    expect(db.prepare('SELECT status FROM jobs WHERE id = ?').get(created.id)).toEqual({
      status: 'running',
    });
    db.close();

    const second = await startEngineProcess({ home });
    try {
      expect(second.output()).toMatch(new RegExp(`requeued \\[${created.id}\\]`));
      let job = await getJob(second.api, second.token, created.id);
      expect(['queued', 'running', 'completed']).toContain(job.status);
      for (let i = 0; job.status !== 'completed' && job.status !== 'failed'; i++) {
        if (i > 1200) throw new Error(`job stuck in ${job.status}`);
        await new Promise((r) => setTimeout(r, 100));
        job = await getJob(second.api, second.token, created.id);
      }
      expect(job.status).toBe('completed');
      expect(job.attempts).toBe(2);
      expect((job.result as { duration_seconds: number }).duration_seconds).toBeCloseTo(3600, 0);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 240_000);

  // Issue 33: a job its owner saw created is in the owner's list after a kill at once, on
  // whichever page. The list is newest first, at most 100 a page: the oldest jobs are on page 2
  // (the all-job crash test once read page 1 only and took a listed job for a vanished one).
  it("keeps every acknowledged job in its owner's list after a SIGKILL right after the last was created", async () => {
    const home = path.join(temp.dir, 'ack-home');
    const wav = makeSineWav(temp.dir, 'second.wav', 1, 16_000);
    // One job runs and is held (test-only hook) while the rest queue: none can end before the kill.
    const first = await startEngineProcess({
      home,
      env: { TAPEHOUSE_TEST_HOLD_JOBS: 'audio_analysis', TAPEHOUSE_CONCURRENCY: 'ffmpeg=1' },
    });
    const headers = { Authorization: `Bearer ${first.token}` };
    const up = await fetch(`${first.api}/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'audio/wav', 'X-Filename': 'second.wav' },
      body: fs.readFileSync(wav),
    });
    const { file_key } = (await up.json()) as { file_key: string };
    const created: number[] = [];
    for (let i = 0; i < 105; i++) {
      const res = await fetch(`${first.api}/analysis`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file_key }),
      });
      expect(res.status).toBe(202);
      created.push(((await res.json()) as JobView).id);
    }
    await first.kill();

    const second = await startEngineProcess({ home });
    try {
      const page = async (n: number) =>
        (await (
          await fetch(`${second.api}/jobs?per_page=100&page=${n}`, {
            headers: { Authorization: `Bearer ${second.token}` },
          })
        ).json()) as { jobs: JobView[]; total: number; has_next: boolean };
      const [one, two] = [await page(1), await page(2)];
      expect(one).toMatchObject({ total: 105, has_next: true });
      expect(two.has_next).toBe(false);
      const listed = [...one.jobs, ...two.jobs].map((job) => job.id);
      expect(listed).toEqual([...created].reverse());
      // The oldest five, the one running at the kill among them, are on page 2 only.
      expect(two.jobs.map((job) => job.id)).toEqual(created.slice(0, 5).reverse());
      expect(second.output()).toMatch(new RegExp(`requeued \\[${created[0]}\\]`));
      for (const job of [...one.jobs, ...two.jobs])
        expect(['queued', 'running', 'completed']).toContain(job.status);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 240_000);

  it('starts again over a work folder a crash mid-denoise left in files/.tmp (EISDIR)', async () => {
    const home = path.join(temp.dir, 'eisdir-home');
    const first = await startEngine({ home });
    await first.stop();
    const work = path.join(home, 'files', '.tmp', 'denoise-7');
    fs.mkdirSync(work, { recursive: true });
    fs.writeFileSync(path.join(work, 'audio.flac'), 'half-written');
    fs.writeFileSync(path.join(home, 'files', '.tmp', 'upload.part'), 'half-uploaded');
    const second = await startEngine({ home });
    try {
      expect(fs.readdirSync(path.join(home, 'files', '.tmp'))).toEqual([]);
      expect((await fetch(`${second.api}/health`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('clears the staging folders of model-pack and yt-dlp installs a crash left behind', async () => {
    const home = path.join(temp.dir, 'staging-home');
    const first = await startEngine({ home });
    await first.stop();
    // What a kill mid-install leaves: a half-copied pack (nested folders), a pack being removed,
    // and a half-downloaded yt-dlp release.
    const models = path.join(home, 'models', '.staging');
    const tools = path.join(home, 'tools', 'yt-dlp', '.staging');
    fs.mkdirSync(path.join(models, 'speech-en-a1B2c3', 'asr', 'whisper'), { recursive: true });
    fs.writeFileSync(path.join(models, 'speech-en-a1B2c3', 'asr', 'whisper', 'enc.onnx'), 'half');
    fs.mkdirSync(path.join(models, 'denoise-removing-x9Y8z7', 'denoise'), { recursive: true });
    fs.writeFileSync(path.join(models, 'denoise-removing-x9Y8z7', 'denoise', 'm.onnx'), 'old');
    fs.mkdirSync(path.join(tools, '2025.01.01-Q1w2E3'), { recursive: true });
    fs.writeFileSync(path.join(tools, '2025.01.01-Q1w2E3', 'yt-dlp'), 'half-downloaded');
    const second = await startEngine({ home });
    try {
      expect(fs.readdirSync(models)).toEqual([]);
      expect(fs.readdirSync(tools)).toEqual([]);
      expect((await fetch(`${second.api}/health`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('fails a non-idempotent interrupted job with its held credits refunded', () => {
    const handle = openDatabase(path.join(temp.dir, 'recovery.db'));
    migrateDatabase(handle);
    const repo = new JobRepo(handle.db);
    const registry = new JobRegistry();
    registry.register({
      type: 'charged_once',
      resource: 'inference',
      idempotent: false,
      input: z.object({}),
      run: async () => null,
    });
    const row = repo.insert({
      type: 'charged_once',
      ownerId: 'u1',
      resource: 'inference',
      input: {},
    });
    handle.sqlite
      .prepare(
        `UPDATE jobs SET status='running', credits_reserved=120, credits_state='held' WHERE id=?`,
      )
      .run(row.id);

    const report = recoverInterruptedJobs(repo, registry);
    expect(report).toEqual({ requeued: [], failed: [row.id] });
    const after = repo.get(row.id);
    expect(after).toMatchObject({
      status: 'failed',
      failureReason: 'engine_restart',
      creditsState: 'refunded',
    });
    expect(after?.finishedAt).toBeTruthy();
    expect(recoverInterruptedJobs(repo, registry)).toEqual({ requeued: [], failed: [] });
    handle.close();
  });
});
