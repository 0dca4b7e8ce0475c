// Issue 13, defect 1: a hard crash in the middle of ANY job must not stop the engine from
// starting again, nor leave a job running with its credits held. For every job type the engine
// registers (read from a real engine's registry, so a new type is covered or fails here by
// name), one real job is started over HTTP with real input; with all of them in flight the
// engine's whole process group is SIGKILLed (`kill -KILL -<pgid>`, as for `npm run engine`).
// The engine must start again on the same data folder, every job must end in a definite state
// (resumed and completed when its handler is idempotent, else failed with its credits
// refunded), the credits ledger must audit clean with every reservation settled or refunded,
// and no temporary file may be left (files/.tmp, work folders, partial files, the engine's
// TMPDIR). Chat jobs use the test chat server, held until the kill.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/audiobook.ts';
import { makeSineWav, systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { BOOKS_STARTERS } from '../helpers/crash-starters-books.ts';
import { PACK_STARTERS, writeCrashPacks } from '../helpers/crash-starters-packs.ts';
import { startCrashWeb, WEB_STARTERS, type CrashWeb } from '../helpers/crash-starters-web.ts';
import {
  STARTERS as BASE_STARTERS,
  type CrashInputs,
  type StartContext,
  type Starter,
} from '../helpers/crash-starters.ts';
import { startEngine, startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { prepareModelFolders, type ModelFolders } from '../helpers/model-fixtures.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { joinClips, LIBRISPEECH, speakerFile } from '../helpers/voice-samples.ts';

const STARTERS: Record<string, Starter> = {
  ...BASE_STARTERS,
  ...BOOKS_STARTERS,
  ...PACK_STARTERS,
  ...WEB_STARTERS,
};

const models = realModel('denoise/gtcrn_simple.onnx') && realModel('midi/nmp.onnx');
const vad = realModel('vad/silero_vad.onnx');
const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const speechDir = realData('speech/picovoice_multilingual');
const epubDir = realData('books/epub');
const maestro = realData('music/maestro_excerpt/2018');
const librispeech = realData(LIBRISPEECH);
const ready = [models, vad, tiktoken, speechDir, epubDir, maestro, librispeech].every(
  (x) => x !== null,
);

const temp = makeTempDir('crash-all-jobs-');
afterAll(() => temp.cleanup());

interface JobState {
  id: number;
  type: string;
  status: string;
  progress: number;
  stage: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  failure_reason: string | null;
  error_message: string | null;
}

function ffmpeg(args: string[]): void {
  execFileSync(systemFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

async function makeInputs(dir: string): Promise<CrashInputs> {
  const speech = path.join(dir, 'speech.wav');
  ffmpeg([
    ...['-stream_loop', '9', '-i', path.join(speechDir ?? '', 'test.wav')],
    ...['-ar', '16000', '-ac', '1', speech],
  ]);
  const longSpeech = path.join(dir, 'long-speech.wav');
  ffmpeg([...['-stream_loop', '9', '-i', speech], ...['-c', 'copy', longSpeech]]);
  const piano = fs.readdirSync(maestro ?? '').find((name) => name.endsWith('.wav')) ?? '';
  const music = path.join(dir, 'piano.wav');
  ffmpeg([
    ...['-stream_loop', '20', '-i', path.join(maestro ?? '', piano)],
    ...['-t', '60', '-ar', '22050', '-ac', '1', music],
  ]);
  const longMusic = path.join(dir, 'long-piano.wav');
  ffmpeg([...['-stream_loop', '4', '-i', music], ...['-c', 'copy', longMusic]]);
  return {
    speech,
    longSpeech,
    music,
    longMusic,
    long: makeSineWav(dir, 'long.wav', 900, 16_000),
    epub: path.join(epubDir ?? '', 'pg_moby-dick.epub'),
    voiceSample: await joinClips(
      [1, 2, 3, 4].map((n) => speakerFile(process.env.TAPEHOUSE_DATA_DIR ?? '', '1688', n)),
      path.join(dir, 'voice-sample.wav'),
      { maxSeconds: 58 },
    ),
  };
}

/** Every job type the engine registers, from a real engine built like the process will be. */
async function registeredTypes(folders: ModelFolders) {
  const engine = await startEngine(
    { modelsDir: folders.modelsDir, home: path.join(temp.dir, 'registry-home') },
    { manifestsDir: folders.manifestsDir },
  );
  try {
    return engine.engine.services.jobs.types();
  } finally {
    await engine.stop();
  }
}

/**
 * The jobs' states in one request (one read of the jobs table), so the kill follows the moment
 * they were all seen in flight by one round trip, not by a dozen.
 */
async function jobStates(
  api: Client,
  ids: Map<string, number>,
  home: string,
): Promise<Map<string, JobState>> {
  const res = await api.get<{ jobs: JobState[] }>('/jobs?per_page=100');
  if (res.status !== 200) throw new Error(`GET /jobs: ${res.status}`);
  const byId = new Map(res.body.jobs.map((job) => [job.id, job]));
  const unlisted = [...ids.values()].filter((id) => !byId.has(id));
  for (const job of publicJobs(home, unlisted)) byId.set(job.id, job);
  const out = new Map<string, JobState>();
  for (const [type, id] of ids) {
    const job = byId.get(id);
    if (!job) throw new Error(`job ${id} (${type}) is not in GET /jobs`);
    out.set(type, job);
  }
  return out;
}

/**
 * Jobs of the public routes (media info, public download) belong to no user, so GET /jobs does
 * not list them: read from the database (WAL: a reader beside the running engine).
 */
function publicJobs(home: string, ids: number[]): JobState[] {
  if (ids.length === 0) return [];
  const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT id, type, status, progress, stage, attempts, created_at, started_at,
                failure_reason, error_message
         FROM jobs WHERE owner_id = 'public' AND id IN (${ids.map(() => '?').join(',')})`,
      )
      .all(...ids) as JobState[];
  } finally {
    db.close();
  }
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

function summary(states: Map<string, JobState>): string {
  return [...states]
    .map(
      ([type, job]) =>
        `${type} #${job.id} ${job.status} ${job.progress.toFixed(0)}% ${job.stage ?? ''}` +
        (job.status === 'failed' ? ` (${job.error_message ?? job.failure_reason ?? '?'})` : ''),
    )
    .join(', ');
}

/** Folders and files that are temporary by name, anywhere under `dir`. */
function leftovers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    if (entry.isDirectory() && entry.name === 'work') found.push(`${relative}/`);
    if (entry.isFile() && /\.(part|tmp)$/.test(entry.name)) found.push(relative);
    if (entry.isFile() && relative.split(path.sep).includes('.tmp')) found.push(relative);
    // Install staging (models/.staging, tools/yt-dlp/.staging): swept at start.
    const parts = relative.split(path.sep);
    if (parts.includes('.staging') && parts.at(-1) !== '.staging') found.push(relative);
  }
  return found;
}

describe.runIf(ready)('a hard crash mid-job, for every registered job type', () => {
  it('restarts, ends every job in a definite state with credits matching usage, and leaves no temp files', async () => {
    const started = Date.now();
    const folders = prepareModelFolders(temp.dir, process.env.TAPEHOUSE_MODELS_DIR ?? '');
    const registered = await registeredTypes(folders);
    const types = registered;
    const missing = types.map((t) => t.type).filter((type) => !(type in STARTERS));
    expect(
      missing,
      'job types with no crash-test starter (test/helpers/crash-starters.ts)',
    ).toEqual([]);

    const inputs = await makeInputs(temp.dir);
    const packs = writeCrashPacks(path.join(temp.dir, 'packs'), folders.manifestsDir);
    const web: CrashWeb = await startCrashWeb(path.join(temp.dir, 'web'));
    const home = path.join(temp.dir, 'home');
    const tmp = path.join(temp.dir, 'engine-tmp');
    fs.mkdirSync(tmp);
    const chat: ChatServer = await startChatServer();
    let release = (): void => {};
    chat.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const env = {
      TAPEHOUSE_MODELS_DIR: folders.modelsDir,
      TAPEHOUSE_MANIFESTS_DIR: folders.manifestsDir,
      TAPEHOUSE_LLM_URL: chat.url,
      // The held chat jobs wait for the gate while the rest get in flight together; on a loaded
      // machine that took longer than the default 180 s per answer (the chat jobs then failed).
      TAPEHOUSE_LLM_TIMEOUT_SECONDS: '540',
      // Every job of the test runs at once; two io slots, both taken by the held chat jobs.
      TAPEHOUSE_CONCURRENCY: `inference=${types.length},ffmpeg=${types.length},io=2`,
      TMPDIR: tmp,
      ...web.env,
    };
    let engine: EngineProcess | null = null;
    try {
      engine = await startEngineProcess({ home, env, group: true, timeoutMs: 120_000 });
      const ctx: StartContext = {
        engine,
        api: client(engine, engine.token),
        inputs,
        state: { ...packs, webUrl: web.url },
      };
      const order = types.map((t) => t.type);
      for (const type of order) await STARTERS[type]?.prepare?.(ctx);
      const prepared = Date.now();

      // Kill once every job is in flight: running (and past its start), or — for a job that
      // cannot be caught running — queued behind the held ones.
      const ids = new Map<string, number>();
      let atKill = new Map<string, JobState>();
      const inFlight = (states: Map<string, JobState>) =>
        [...states].every(([type, job]) =>
          STARTERS[type]?.killedWhileQueued
            ? job.status === 'queued'
            : job.status === 'running' && (job.progress > 0 || job.stage !== 'starting'),
        );
      // A job that ends before the others are all in flight (the machine's load decides which)
      // is started again, a few times at most, so the kill catches one of its type mid-run.
      const restarts = new Map<string, number>();
      const untilInFlight = async (): Promise<void> => {
        atKill = await jobStates(ctx.api, ids, home);
        for (let i = 0; !inFlight(atKill); i++) {
          if (i > 4000) throw new Error(`not all in flight: ${summary(atKill)}`);
          for (const [type, job] of atKill) {
            if (!ENDED.has(job.status)) continue;
            const count = (restarts.get(type) ?? 0) + 1;
            if (job.status !== 'completed' || count > 8 || STARTERS[type]?.killedWhileQueued) {
              throw new Error(
                `${type} ended before the kill (${job.status}, ${count - 1} restarts): ` +
                  `${job.error_message ?? ''}; all: ${summary(atKill)}`,
              );
            }
            restarts.set(type, count);
            ids.set(type, await (STARTERS[type]?.start(ctx) ?? -1));
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
          atKill = await jobStates(ctx.api, ids, home);
        }
      };
      // First every job that runs on its own, then those held by the chat server with the short
      // ones that start late, then those killed while queued behind them.
      const phase = (type: string) =>
        STARTERS[type]?.killedWhileQueued
          ? 2
          : STARTERS[type]?.heldByChat || STARTERS[type]?.startsLate
            ? 1
            : 0;
      for (const current of [0, 1, 2]) {
        for (const type of order.filter((t) => phase(t) === current)) {
          ids.set(type, await (STARTERS[type]?.start(ctx) ?? -1));
        }
        await untilInFlight();
      }
      expect(inFlight(atKill), 'every job in flight at the kill').toBe(true);
      const running = [...atKill].filter(([type, job]) =>
        STARTERS[type]?.killedWhileQueued ? job.status !== 'queued' : job.status !== 'running',
      );
      expect(running.map(([type, job]) => `${type}: ${job.status}`)).toEqual([]);
      await engine.killGroup();
      const killed = Date.now();

      // Nothing reaches the dead engine's chat requests; the restarted one gets answers.
      chat.gate = null;
      release();
      web.release();
      // The restarted engine resumes two at a time per resource, as a 2-core machine would run
      // them: all at once, a 45 s media extraction timed out behind fifteen inference jobs.
      engine = await startEngineProcess({
        home,
        env: { ...env, TAPEHOUSE_CONCURRENCY: 'inference=2,ffmpeg=2,io=2' },
        group: true,
        timeoutMs: 120_000,
      });
      const restarted = Date.now();
      expect(engine.output()).toMatch(/recovered jobs: requeued \[/);
      const api = client(engine, engine.token);
      let after = await jobStates(api, ids, home);
      for (let i = 0; ![...after.values()].every((job) => ENDED.has(job.status)); i++) {
        if (i > 3600) throw new Error(`jobs still open: ${summary(after)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await jobStates(api, ids, home);
      }
      const settled = Date.now();

      for (const { type, idempotent } of types) {
        const job = after.get(type) as JobState;
        if (idempotent) {
          expect(job.status, `${type}: ${job.error_message ?? ''}`).toBe('completed');
          // Run again from the start: a second attempt for a job that was running.
          if (!STARTERS[type]?.killedWhileQueued) expect(job.attempts, type).toBe(2);
        } else {
          expect(job, type).toMatchObject({ status: 'failed', failure_reason: 'engine_restart' });
        }
      }
      expect(await engine.stop()).toBe(0);

      // Credits: every reservation ended as its job did, and the ledger adds up.
      const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
      const reservations = db
        .prepare(
          `SELECT j.type, j.status, j.credits_state AS credits, r.state
           FROM jobs j LEFT JOIN credit_reservations r ON r.job_id = j.id`,
        )
        .all() as { type: string; status: string; credits: string; state: string | null }[];
      db.close();
      expect(reservations.filter((r) => r.state === 'held' || r.credits === 'held')).toEqual([]);
      for (const r of reservations) {
        if (r.status === 'failed') expect(r.credits, r.type).toMatch(/^(refunded|none)$/);
        if (r.status === 'completed') expect(r.credits, r.type).toMatch(/^(settled|none)$/);
      }
      const auditor = await startEngine(
        { home, modelsDir: folders.modelsDir },
        { manifestsDir: folders.manifestsDir },
      );
      try {
        expect(auditor.engine.services.billing.ledger.audit()).toEqual([]);
      } finally {
        await auditor.stop();
      }

      // No temporary state: the file store's temp folder, work folders, partial files, TMPDIR.
      expect(fs.readdirSync(path.join(home, 'files', '.tmp'))).toEqual([]);
      expect(leftovers(home)).toEqual([]);
      // tsx (which runs the engine here) keeps its compile cache in TMPDIR as tsx-<uid>.
      expect(fs.readdirSync(tmp).filter((name) => !/^tsx-\d+$/.test(name))).toEqual([]);

      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `crash test: ${types.length} job types in one kill — ` +
          [...atKill]
            .map(([type, job]) => `${type} ${job.status} ${job.progress.toFixed(0)}%`)
            .join(', ') +
          `; started again before the kill: ${JSON.stringify(Object.fromEntries(restarts))}` +
          `; after restart: ${[...after].map(([type, job]) => `${type} ${job.status}`).join(', ')}` +
          `; prepare ${seconds(prepared - started)}, in flight ${seconds(killed - prepared)}, ` +
          `restart ${seconds(restarted - killed)}, resumed to the end ${seconds(settled - restarted)}, ` +
          `total ${seconds(Date.now() - started)}`,
      );
    } finally {
      release();
      await engine?.stop();
      await chat.stop();
      await web.close();
    }
  }, 600_000);
});
