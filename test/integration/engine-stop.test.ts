// Issue 13, defect 6: a normal stop (SIGTERM, as a service manager or Ctrl+C sends it) while
// ONNX inference runs in the worker threads must not abort the process natively
// ("terminate called after throwing an instance of 'Napi::Error'", exit 134): the engine
// cancels the job, lets the running inference calls return, and exits 0, leaving the job
// resumable and no temporary files behind. (The pool-level regression, a thread closed inside a
// runtime call, is engine/src/jobs/worker-pool-shutdown.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { authed, startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('engine-stop-');
afterAll(() => temp.cleanup());

const models = {
  balanced: realModel('denoise/gtcrn_simple.onnx'),
  studio: realModel('denoise/deepfilternet3/enc.onnx'),
};

async function startDenoise(engine: EngineProcess, wav: string, mode: string): Promise<number> {
  const form = new FormData();
  form.set('quality_mode', mode);
  form.set('file', new Blob([fs.readFileSync(wav)]), path.basename(wav));
  const res = await fetch(
    `${engine.api}/denoiser/denoise`,
    authed(engine.token, {
      method: 'POST',
      body: form,
    }),
  );
  const body = (await res.json()) as { job_id?: number; id?: number };
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return Number(body.job_id ?? body.id);
}

async function waitRunning(engine: EngineProcess, id: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const res = await fetch(`${engine.api}/jobs/${id}`, authed(engine.token));
    const job = (await res.json()) as { status: string; progress: number };
    if (job.status === 'running' && job.progress > 0) return;
    if (job.status !== 'queued' && job.status !== 'running')
      throw new Error(`job ended early: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the denoise job never reported progress');
}

describe.each(['balanced', 'studio'] as const)('SIGTERM during %s denoising', (mode) => {
  it.runIf(models[mode] !== null)(
    'exits 0 without a native abort and leaves the job resumable',
    async () => {
      const home = path.join(temp.dir, `home-${mode}`);
      const wav = makeSineWav(temp.dir, `four-minutes-${mode}.wav`, 240, 48_000);
      const engine = await startEngineProcess({
        home,
        env: { TAPEHOUSE_MODELS_DIR: path.resolve(process.env.TAPEHOUSE_MODELS_DIR ?? '') },
      });
      const id = await startDenoise(engine, wav, mode);
      await waitRunning(engine, id);
      const code = await engine.stop();
      expect(engine.output()).not.toMatch(/terminate called|Napi::Error|Aborted/);
      expect(code).toBe(0);

      const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
      const row = db.prepare('SELECT status FROM jobs WHERE id = ?').get(id) as { status: string };
      db.close();
      expect(row.status).toBe('queued');
      expect(fs.readdirSync(path.join(home, 'files', '.tmp'))).toEqual([]);
    },
    180_000,
  );
});
