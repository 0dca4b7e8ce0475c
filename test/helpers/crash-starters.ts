/**
 * How the crash test (test/integration/crash-all-jobs.test.ts) starts one real job of each type
 * over the engine's public HTTP API, as the studio or a script would. Keyed by job type: a type
 * the engine registers without an entry here fails the crash test by name, so a new job type
 * cannot go untested. `prepare` runs first for every type, on an engine without the test hold
 * (uploads, packs installed, books made and narrated); then, on the engine that holds jobs
 * (TAPEHOUSE_TEST_HOLD_JOBS, engine/src/jobs/test-hold.ts), every `start` fires and each job is
 * held running until the kill, however fast or slow it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import { bookText, fileForm, type Client, type Json } from './audiobook.ts';
import type { EngineProcess } from './engine.ts';

export interface CrashInputs {
  /** 16 kHz mono speech, about 30 s (transcription, diarization, denoise, ACX master). */
  speech: string;
  /** 20 s of piano recording (stems, MIDI). */
  music: string;
  /** A 30 s tone for the loudness analysis. */
  tone: string;
  /** An EPUB to parse. */
  epub: string;
  /** Nearly a minute of one LibriSpeech reader (voice cloning). */
  voiceSample: string;
}

export interface StartContext {
  engine: EngineProcess;
  api: Client;
  inputs: CrashInputs;
  /** Values prepare() leaves for start() (file keys, project ids). */
  state: Record<string, string>;
}

export interface Starter {
  prepare?(ctx: StartContext): Promise<void>;
  /** Starts the job; answers its id. */
  start(ctx: StartContext): Promise<number>;
  /**
   * Set for a job the test chat server holds mid-request instead of the test hook (so one kill
   * also lands in the middle of real work): text its request's prompt contains. Such jobs start
   * once every other job is held, and the kill follows as soon as their requests arrive, so the
   * chat client's timeout never runs out first.
   */
  chatPrompt?: string;
}

const EN_US = new StandardVoices().resolve('en-us')?.id ?? 0;

export const DIALOGUE = [
  'The harbour was grey and still when the ferry came in.',
  '“We should leave before the tide turns,” said Anna.',
  '“There is time yet,” replied Marco.',
  'A gull settled on the rail and watched them.',
  '“Then let us walk,” said Anna.',
];

export function expectStatus(what: string, status: number, body: unknown, wanted: number[]): void {
  if (!wanted.includes(status)) {
    throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body).slice(0, 400)}`);
  }
}

export async function upload(ctx: StartContext, file: string, type: string): Promise<string> {
  const res = await fetch(`${ctx.engine.api}/files`, {
    method: 'POST',
    headers: { ...ctx.api.headers, 'Content-Type': type, 'X-Filename': path.basename(file) },
    body: fs.readFileSync(file),
  });
  const body = (await res.json()) as { file_key: string };
  expectStatus(`upload ${path.basename(file)}`, res.status, body, [201]);
  return body.file_key;
}

export async function postForm(ctx: StartContext, route: string, form: FormData): Promise<Json> {
  const res = await ctx.api.form<Json>(route, form);
  expectStatus(`POST ${route}`, res.status, res.body, [200, 201, 202]);
  return res.body;
}

export async function postJson(
  ctx: StartContext,
  route: string,
  body: unknown = {},
): Promise<Json> {
  const res = await ctx.api.post<Json>(route, body);
  expectStatus(`POST ${route}`, res.status, res.body, [200, 201, 202]);
  return res.body;
}

/** A pasted book (chapters from headings), its rights attested; answers its project id. */
export async function pastedBook(
  ctx: StartContext,
  title: string,
  chapters: { title: string; paragraphs: string[] }[],
): Promise<string> {
  const project = await postJson(ctx, '/audiobook/projects', {
    title,
    author: 'Ada Writer',
    selected_voice_id: EN_US,
    language: 'en-US',
  });
  const id = String(project.id);
  await postJson(ctx, `/audiobook/projects/${id}/manuscript/paste`, {
    text: bookText(chapters),
    detect_speakers: false,
  });
  await postJson(ctx, `/audiobook/projects/${id}/rights-attestation`);
  return id;
}

export async function firstChapter(ctx: StartContext, projectId: string): Promise<string> {
  const res = await ctx.api.get<{ chapters: { id: string }[] }>(
    `/audiobook/projects/${projectId}/chapters`,
  );
  const id = res.body.chapters[0]?.id;
  if (!id) throw new Error(`project ${projectId} has no chapter`);
  return id;
}

export async function waitJob(ctx: StartContext, id: number, timeoutMs: number): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.api.get<Json>(`/jobs/${id}`);
    if (['completed', 'failed', 'cancelled'].includes(String(res.body.status))) return res.body;
    if (Date.now() > until) throw new Error(`job ${id} still ${String(res.body.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The job of a type created after the last one this answered (for the OpenAI-style routes that
 * answer only when it ends; a type can be started more than once).
 */
export async function newestJob(ctx: StartContext, type: string): Promise<number> {
  const seen = Number(ctx.state[`newest:${type}`] ?? 0);
  for (let i = 0; i < 300; i++) {
    const res = await ctx.api.get<{ jobs: { id: number }[] }>(`/jobs?type=${type}&per_page=1`);
    const id = res.body.jobs[0]?.id;
    if (id !== undefined && id > seen) {
      ctx.state[`newest:${type}`] = String(id);
      return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} job was created`);
}

/** POST /audio/transcriptions answers when the job ends; the crash cuts it, so it is not awaited. */
function transcribe(ctx: StartContext, format: string): void {
  const form = new FormData();
  form.set('model', 'whisper-1');
  form.set('response_format', format);
  form.set('file', new Blob([fs.readFileSync(ctx.inputs.speech)]), 'speech.wav');
  fetch(`${ctx.engine.api}/audio/transcriptions`, {
    method: 'POST',
    headers: ctx.api.headers,
    body: form,
  }).catch(() => undefined);
}

function manyParagraphs(n: number, seed: string): string[] {
  return Array.from(
    { length: n },
    (_, i) =>
      `${seed} ${i + 1}: the keeper climbed the stairs slowly, counting each step, and looked out over the restless sea where the gulls were circling in the evening light.`,
  );
}

export const STARTERS: Record<string, Starter> = {
  audio_analysis: {
    prepare: async (ctx) => {
      ctx.state.toneKey = await upload(ctx, ctx.inputs.tone, 'audio/wav');
    },
    start: async (ctx) =>
      Number((await postJson(ctx, '/analysis', { file_key: ctx.state.toneKey })).id),
  },
  denoise: {
    start: async (ctx) => {
      const body = await postForm(
        ctx,
        '/denoiser/denoise',
        fileForm(fs.readFileSync(ctx.inputs.speech), 'speech.wav', {
          quality_mode: 'balanced',
        }),
      );
      return Number(body.job_id ?? body.id);
    },
  },
  stem_extraction: {
    prepare: async (ctx) => {
      ctx.state.musicKey = await upload(ctx, ctx.inputs.music, 'audio/wav');
    },
    start: async (ctx) => {
      const body = await postJson(ctx, '/stem-extraction/api/extract', {
        file_key: ctx.state.musicKey,
        mode: 'two',
      });
      return Number((body.job as Json).id);
    },
  },
  midi_transcription: {
    start: async (ctx) => {
      const body = await postForm(
        ctx,
        '/midi/convert',
        fileForm(fs.readFileSync(ctx.inputs.music), 'piano.wav', {
          stems: '["piano"]',
          options: JSON.stringify({ split: false }),
        }),
      );
      return Number(body.id ?? body.job_id);
    },
  },
  transcription: {
    start: async (ctx) => {
      transcribe(ctx, 'json');
      return newestJob(ctx, 'transcription');
    },
  },
  speaker_diarization: {
    start: async (ctx) => {
      transcribe(ctx, 'diarized_json');
      return newestJob(ctx, 'speaker_diarization');
    },
  },
  audiobook_parse: {
    prepare: async (ctx) => {
      const project = await postJson(ctx, '/audiobook/projects', { title: 'Parsed' });
      ctx.state.parseProject = String(project.id);
      const epub = fs.readFileSync(ctx.inputs.epub);
      const up = await postForm(
        ctx,
        `/audiobook/projects/${ctx.state.parseProject}/manuscript/upload`,
        fileForm(epub, path.basename(ctx.inputs.epub)),
      );
      ctx.state.parseKey = String(up.file_key);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.parseProject}/manuscript/parse`,
        {
          file_key: ctx.state.parseKey,
          filename: path.basename(ctx.inputs.epub),
        },
      );
      return Number(body.job_id);
    },
  },
  audiobook_cast_detection: {
    // The model pass's answer form without directions (model-lines.ts): detection's alone.
    chatPrompt: '"confidence": "high"}, ...}',
    prepare: async (ctx) => {
      ctx.state.castProject = await pastedBook(ctx, 'Cast', [
        { title: 'Chapter 1', paragraphs: DIALOGUE },
      ]);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.castProject}/cast/detect?method=llm`,
      );
      return Number(body.job_id);
    },
  },
  audiobook_screenplay_annotation: {
    // Only annotation asks the model for directions (model-lines.ts).
    chatPrompt: 'how the line is spoken',
    prepare: async (ctx) => {
      ctx.state.screenProject = await pastedBook(ctx, 'Screenplay', [
        { title: 'Chapter 1', paragraphs: DIALOGUE },
      ]);
      ctx.state.screenChapter = await firstChapter(ctx, ctx.state.screenProject);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.screenProject}/screenplay/annotate`,
        { chapter_ids: [ctx.state.screenChapter] },
      );
      return Number(body.job_id);
    },
  },
  audiobook_retry_failed: {
    prepare: async (ctx) => {
      ctx.state.retryProject = await pastedBook(ctx, 'Retry', [
        { title: 'Chapter 1', paragraphs: DIALOGUE },
      ]);
      ctx.state.retryChapter = await firstChapter(ctx, ctx.state.retryProject);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.retryProject}/chapters/${ctx.state.retryChapter}/retry-failed-paragraphs`,
      );
      return Number(body.job_id);
    },
  },
  audiobook_narration: {
    prepare: async (ctx) => {
      ctx.state.narrationProject = await pastedBook(ctx, 'Narrated', [
        { title: 'Chapter One', paragraphs: manyParagraphs(2, 'Line') },
      ]);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.narrationProject}/narration/batch`,
      );
      return Number(body.job_id);
    },
  },
  audiobook_export: {
    prepare: async (ctx) => {
      const id = await pastedBook(ctx, 'Exported', [
        { title: 'Chapter One', paragraphs: manyParagraphs(2, 'Part') },
      ]);
      const batch = await postJson(ctx, `/audiobook/projects/${id}/narration/batch`);
      const done = await waitJob(ctx, Number(batch.job_id), 240_000);
      if (done.status !== 'completed') {
        throw new Error(`narrating the export's book: ${JSON.stringify(done).slice(0, 300)}`);
      }
      ctx.state.exportProject = id;
    },
    start: async (ctx) => {
      const body = await postJson(ctx, `/audiobook/projects/${ctx.state.exportProject}/export`, {
        format: 'm4b',
        narrate_credits: false,
      });
      return Number(body.job_id);
    },
  },
  audiobook_acx_master: {
    start: async (ctx) => {
      const body = await postForm(
        ctx,
        '/audiobook/acx/master',
        fileForm(fs.readFileSync(ctx.inputs.speech), 'chapter-01.wav', {}, 'audio/wav'),
      );
      return Number(body.job_id);
    },
  },
};
