// Issue 13, defect 1: a hard crash in the middle of ANY job must not stop the engine from
// starting again, nor lose a job, nor leave one running with its credits held. For every job
// type the engine registers (read from a real engine's registry, so a new type is covered or
// fails here by name), one real job is started over HTTP with real input, and the engine's
// whole process group is SIGKILLed (`kill -KILL -<pgid>`, as for `npm run engine`) while all
// of them are in flight. The engine must start again on the same data folder; every job must
// still be in its owner's list and end in a definite state (resumed and completed when its
// handler is idempotent, else failed with its credits refunded); the credits ledger must audit
// clean; no temporary file may be left (files/.tmp, work folders, partial files, TMPDIR).
//
// The kill never races a job's speed (issue 33): each job is held in a state the test controls.
// - Every job is held by the test-only hook (TAPEHOUSE_TEST_HOLD_JOBS, engine/src/jobs/
//   test-hold.ts) after its real work, before the runner records the outcome: `running`,
//   credits held, outputs written but not recorded — so the restarted engine must run it again
//   over what the first run left.
//   They start one at a time, each once the one before is held.
// - The two chat jobs are held mid-request by the test chat server (a held resource), so one
//   kill also lands in the middle of real work; they start once every other job is held.
// - One more io job is started when every io slot holds a held job: it is killed while queued.
// The preparation (packs installed, books narrated) runs on an engine without the hook.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_HOLD_STAGE } from '../../engine/src/jobs/test-hold.ts';
import { client, type Client } from '../helpers/audiobook.ts';
import { makeSineWav, systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { BOOKS_STARTERS } from '../helpers/crash-starters-books.ts';
import { PACK_STARTERS, QUEUED_STARTER, writeCrashPacks } from '../helpers/crash-starters-packs.ts';
import {
  TRANSLATION_STARTERS,
  writeTranslationPack,
} from '../helpers/crash-starters-translation.ts';
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
  ...TRANSLATION_STARTERS,
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

/** The key of the extra job killed while queued, beside the job types. */
const QUEUED = 'queued model_verify';
/** Waits are bounds for a stuck engine, not speed targets: a slow machine only waits longer. */
const HOLD_DEADLINE_MS = 480_000;
const SETTLE_DEADLINE_MS = 360_000;

interface JobState {
  id: number;
  type: string;
  status: string;
  progress: number;
  stage: string | null;
  attempts: number;
  failure_reason: string | null;
  error_message: string | null;
}

interface JobRecord {
  id: number;
  type: string;
  owner_id: string;
}

function ffmpeg(args: string[]): void {
  execFileSync(systemFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

async function makeInputs(dir: string): Promise<CrashInputs> {
  const speech = path.join(dir, 'speech.wav');
  ffmpeg([
    ...['-stream_loop', '4', '-i', path.join(speechDir ?? '', 'test.wav')],
    ...['-ar', '16000', '-ac', '1', speech],
  ]);
  const piano = fs.readdirSync(maestro ?? '').find((name) => name.endsWith('.wav')) ?? '';
  const music = path.join(dir, 'piano.wav');
  ffmpeg([
    ...['-stream_loop', '20', '-i', path.join(maestro ?? '', piano)],
    ...['-t', '20', '-ar', '22050', '-ac', '1', music],
  ]);
  return {
    speech,
    music,
    tone: makeSineWav(dir, 'tone.wav', 30, 16_000),
    epub: path.join(epubDir ?? '', 'pg_alice-in-wonderland.epub'),
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

/** Every job in the caller's list, all pages (a crash must not take one out of it). */
async function listedJobs(api: Client): Promise<Map<number, JobState>> {
  const out = new Map<number, JobState>();
  for (let page = 1; ; page++) {
    const res = await api.get<{ jobs: JobState[]; has_next: boolean }>(
      `/jobs?per_page=100&page=${page}`,
    );
    if (res.status !== 200) throw new Error(`GET /jobs page ${page}: ${res.status}`);
    for (const job of res.body.jobs) out.set(job.id, job);
    if (!res.body.has_next) return out;
  }
}

/**
 * The started jobs' states: the caller's from GET /jobs; those of the public routes (media info,
 * public download) belong to no user, so GET /jobs does not list them: read from the database
 * (WAL: a reader beside the running engine).
 */
async function jobStates(
  api: Client,
  ids: Map<string, number>,
  home: string,
): Promise<Map<string, JobState>> {
  const byId = await listedJobs(api);
  const unlisted = [...ids.values()].filter((id) => !byId.has(id));
  for (const job of publicJobs(home, unlisted)) byId.set(job.id, job);
  const out = new Map<string, JobState>();
  for (const [key, id] of ids) {
    const job = byId.get(id);
    if (!job) throw new Error(`job ${id} (${key}) is not in GET /jobs (any page)`);
    out.set(key, job);
  }
  return out;
}

function publicJobs(home: string, ids: number[]): JobState[] {
  if (ids.length === 0) return [];
  const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT id, type, status, progress, stage, attempts, failure_reason, error_message
         FROM jobs WHERE owner_id = 'public' AND id IN (${ids.map(() => '?').join(',')})`,
      )
      .all(...ids) as JobState[];
  } finally {
    db.close();
  }
}

/** Every job row (the database is the truth while no engine runs). */
function jobRecords(home: string): JobRecord[] {
  const db = new Database(path.join(home, 'tapehouse.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, type, owner_id FROM jobs ORDER BY id').all() as JobRecord[];
  } finally {
    db.close();
  }
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

function summary(states: Map<string, JobState>): string {
  return [...states]
    .map(
      ([key, job]) =>
        `${key} #${job.id} ${job.status} ${job.progress.toFixed(0)}% ${job.stage ?? ''}` +
        (job.status === 'failed' ? ` (${job.error_message ?? job.failure_reason ?? '?'})` : ''),
    )
    .join(', ');
}

/** Polls `states` until `done` says so; any job that ended before the kill fails the test. */
async function until(
  states: () => Promise<Map<string, JobState>>,
  done: (states: Map<string, JobState>) => boolean,
  what: string,
): Promise<Map<string, JobState>> {
  const deadline = Date.now() + HOLD_DEADLINE_MS;
  for (;;) {
    const now = await states();
    const ended = [...now].filter(([, job]) => ENDED.has(job.status));
    if (ended.length > 0) throw new Error(`ended before the kill: ${summary(new Map(ended))}`);
    if (done(now)) return now;
    if (Date.now() > deadline) throw new Error(`${what}: ${summary(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
  it('restarts, loses no job, ends every one in a definite state with credits matching usage, and leaves no temp files', async () => {
    const started = Date.now();
    const folders = prepareModelFolders(temp.dir, process.env.TAPEHOUSE_MODELS_DIR ?? '');
    const types = await registeredTypes(folders);
    const missing = types.map((t) => t.type).filter((type) => !(type in STARTERS));
    expect(
      missing,
      'job types with no crash-test starter (test/helpers/crash-starters.ts)',
    ).toEqual([]);

    const inputs = await makeInputs(temp.dir);
    const packs = {
      ...writeCrashPacks(path.join(temp.dir, 'packs'), folders.manifestsDir),
      ...writeTranslationPack(path.join(temp.dir, 'mt-pack'), folders.manifestsDir),
    };
    const web: CrashWeb = await startCrashWeb(path.join(temp.dir, 'web'));
    const home = path.join(temp.dir, 'home');
    const tmp = path.join(temp.dir, 'engine-tmp');
    fs.mkdirSync(tmp);
    const chat: ChatServer = await startChatServer();
    let release = (): void => {};
    const env = {
      TAPEHOUSE_MODELS_DIR: folders.modelsDir,
      TAPEHOUSE_MANIFESTS_DIR: folders.manifestsDir,
      TAPEHOUSE_LLM_URL: chat.url,
      TMPDIR: tmp,
      ...web.env,
    };
    const start = (extra: Record<string, string>) =>
      startEngineProcess({ home, env: { ...env, ...extra }, group: true, timeoutMs: 120_000 });
    const order = types.map((t) => t.type);
    const state: Record<string, string> = { ...packs, webUrl: web.url };
    let engine: EngineProcess | null = null;
    try {
      // Preparation, on an engine that holds nothing; stopped cleanly, nothing left running.
      engine = await start({});
      const preparing: StartContext = { engine, api: client(engine, engine.token), inputs, state };
      for (const type of order) await STARTERS[type]?.prepare?.(preparing);
      expect(await engine.stop()).toBe(0);
      const prepared = Date.now();

      // A held job keeps its slot: one slot per job type on each resource, and on io exactly the
      // io job types, so the extra io job queues behind held ones.
      const io = types.filter((t) => t.resource === 'io').length;
      engine = await start({
        TAPEHOUSE_TEST_HOLD_JOBS: '*',
        TAPEHOUSE_CONCURRENCY: `inference=${types.length},ffmpeg=${types.length},io=${io}`,
      });
      const ctx: StartContext = { engine, api: client(engine, engine.token), inputs, state };
      const ids = new Map<string, number>();
      const states = () => jobStates(ctx.api, ids, home);
      const held = (job: JobState) => job.status === 'running' && job.stage === TEST_HOLD_STAGE;

      // One at a time, each once the one before is held: a job never shares the machine with
      // the test's other jobs while it works (all at once, media info's 45 s extraction limit
      // ran out on a loaded machine), and a held job cannot end whatever the order.
      const hookHeld = order.filter((type) => !STARTERS[type]?.chatPrompt);
      const workSeconds: string[] = [];
      for (const type of hookHeld) {
        const from = Date.now();
        ids.set(type, await (STARTERS[type]?.start(ctx) ?? -1));
        await until(states, (now) => [...now.values()].every(held), `${type} not held`);
        workSeconds.push(`${type} ${((Date.now() - from) / 1000).toFixed(1)}`);
      }
      const allHeld = Date.now();

      chat.gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const chatHeld = order.filter((type) => STARTERS[type]?.chatPrompt);
      for (const type of chatHeld) ids.set(type, await (STARTERS[type]?.start(ctx) ?? -1));
      const asked = (prompt: string) =>
        chat.requests.some((r) => (r.messages.at(-1)?.content ?? '').includes(prompt));
      await until(
        states,
        (now) =>
          chatHeld.every(
            (type) =>
              now.get(type)?.status === 'running' && asked(STARTERS[type]?.chatPrompt ?? ''),
          ),
        'chat jobs not waiting on the chat server',
      );

      ids.set(QUEUED, await QUEUED_STARTER.start(ctx));
      const atKill = await until(states, () => true, 'reading the jobs');
      const notInFlight = [...atKill].filter(([key, job]) =>
        key === QUEUED
          ? job.status !== 'queued'
          : STARTERS[key]?.chatPrompt
            ? job.status !== 'running'
            : !held(job),
      );
      expect(notInFlight.map(([key, job]) => `${key}: ${job.status} ${job.stage}`)).toEqual([]);
      await engine.killGroup();
      const killed = Date.now();
      const before = jobRecords(home);

      // Nothing reaches the dead engine's chat requests; the restarted one gets answers.
      chat.gate = null;
      release();
      // The restarted engine resumes two at a time per resource, as a 2-core machine would.
      engine = await start({ TAPEHOUSE_CONCURRENCY: 'inference=2,ffmpeg=2,io=2' });
      const restarted = Date.now();
      // Recovery re-queued every idempotent job the kill left running and failed the others.
      const recovered = /recovered jobs: requeued \[([\d,]*)\], failed \[([\d,]*)\]/.exec(
        engine.output(),
      );
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      const listed = (list: string | undefined) =>
        sorted((list ?? '').split(',').filter(Boolean).map(Number));
      const resumable = new Set(types.filter((t) => t.idempotent).map((t) => t.type));
      const runningAtKill = [...atKill].filter(([key]) => key !== QUEUED);
      const idsWhere = (resumed: boolean) =>
        sorted(
          runningAtKill.filter(([key]) => resumable.has(key) === resumed).map(([, j]) => j.id),
        );
      expect(listed(recovered?.[1]), 'requeued').toEqual(idsWhere(true));
      expect(listed(recovered?.[2]), 'failed').toEqual(idsWhere(false));
      const api = client(engine, engine.token);
      const deadline = Date.now() + SETTLE_DEADLINE_MS;
      let after = await jobStates(api, ids, home);
      while (![...after.values()].every((job) => ENDED.has(job.status))) {
        if (Date.now() > deadline) throw new Error(`jobs still open: ${summary(after)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        after = await jobStates(api, ids, home);
      }
      const settled = Date.now();

      for (const { type, idempotent } of types) {
        const job = after.get(type) as JobState;
        if (idempotent) {
          expect(job.status, `${type}: ${job.error_message ?? ''}`).toBe('completed');
          // Run again from the start: a second attempt for a job that was running.
          expect(job.attempts, type).toBe(2);
        } else {
          expect(job, type).toMatchObject({ status: 'failed', failure_reason: 'engine_restart' });
        }
      }
      expect(after.get(QUEUED)).toMatchObject({ status: 'completed', attempts: 1 });
      expect(await engine.stop()).toBe(0);
      // No job vanished, changed hands or was replaced, and recovery created none.
      expect(jobRecords(home)).toEqual(before);

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
        `crash test: ${types.length} job types and one queued job in one kill — ` +
          summary(atKill) +
          `; after restart: ${[...after].map(([key, job]) => `${key} ${job.status}`).join(', ')}` +
          `; started to held, s: ${workSeconds.join(', ')}` +
          `; prepare ${seconds(prepared - started)}, all held ${seconds(allHeld - prepared)}, ` +
          `chat jobs in and killed ${seconds(killed - allHeld)}, restart ${seconds(restarted - killed)}, ` +
          `resumed to the end ${seconds(settled - restarted)}, total ${seconds(Date.now() - started)}`,
      );
    } finally {
      release();
      await engine?.stop();
      await chat.stop();
      await web.close();
    }
  }, 1_200_000);
});
