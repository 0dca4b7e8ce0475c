// The authorization matrix's setup (test/integration/auth-matrix.test.ts), generated from THE
// route table (engine/src/api/route-table.ts): the credentialed routes, the credentials every
// case uses, and how to make a resource Alice owns for each path parameter.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from '../../engine/src/api/route.ts';
import { routeTable } from '../../engine/src/api/route-table.ts';
import { bearer, postJson, registerUser, type TestUser } from './accounts.ts';
import { makeSineWav } from './audio-fixtures.ts';
import { startChatServer, type ChatServer } from './chat-server.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from './engine.ts';
import { startFakeGithub, type FakeGithub } from './oauth-providers.ts';
import { makeConversionJob, makeCustomVoice } from './matrix-voice-resources.ts';
import { makeTranscriptProject, makeTranscriptionJob } from './matrix-speech-resources.ts';
import { makeDownloadJob, makeReaderJob } from './matrix-web-resources.ts';
import { makeBook, makeTake } from './matrix-book-resources.ts';
import { makeMatrixTranslation } from './matrix-dubbing-resources.ts';
import { makeTempDir } from './temp-dir.ts';

export const protectedRoutes = routeTable.filter((route) => route.auth !== 'none');

export let engine: TestEngine;
/** A local GitHub API, so Alice can link a provider (the `{provider}` resource). */
export let github: FakeGithub;
/** A local OpenAI-compatible chat endpoint, for the audiobook LLM jobs. */
export let chat: ChatServer;
export let alice: TestUser;
export let bob: TestUser;
/** Made when the engine starts, so the route-table checks leave nothing behind. */
export let temp: { dir: string; cleanup: () => void };

/** Credentials every case uses, made once through the real API. */
export const creds = { expiredAccess: '', revokedKey: '', unscopedKey: '' };
/** Keys holding exactly one scope each, for the positive control. */
export const scopedKeys = new Map<string, string>();
/** Alice's resources, by path parameter name. */
export const aliceOwns: Record<string, string> = {};

/**
 * How to make a resource Alice owns, per path parameter. A new route with an id parameter not
 * listed here fails the "has an owner-resource maker" test below until one is added.
 */
/** Path parameters naming resources every user may read (catalog voices): no ownership 404. */
export const PUBLIC_PARAMS: ReadonlySet<string> = new Set([
  'voice_id',
  'voice_identifier',
  'pack_id',
]);

export const OWNED_RESOURCE_MAKERS: Record<string, () => Promise<string>> = {
  file_key: async () => {
    const wav = makeSineWav(temp.dir, 'matrix.wav', 1);
    const res = await fetch(`${engine.api}/files`, {
      method: 'POST',
      headers: bearer(alice.tokens.access_token, { 'Content-Type': 'audio/wav' }),
      body: fs.readFileSync(wav),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file_key: string }).file_key;
  },
  job_id: async () => {
    const res = await postJson(
      engine,
      '/analysis',
      { file_key: aliceOwns.file_key },
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(202);
    return String(((await res.json()) as { id: number }).id);
  },
  denoise_job_id: async () => {
    // Created through the runner, not POST /denoiser/denoise, so the matrix needs no model pack:
    // the job exists (and fails later for want of the model), which is all ownership needs.
    const job = await engine.engine.services.jobs.create(alice.id, 'denoise', {
      file_key: aliceOwns.file_key,
      quality_mode: 'balanced',
      output_format: null,
      source_url: null,
    });
    return String(job.id);
  },
  midi_job_id: async () => {
    // Through the runner like denoise_job_id: no model pack needed for ownership.
    const job = await engine.engine.services.jobs.create(alice.id, 'midi_transcription', {
      mode: 'standalone',
      file_key: aliceOwns.file_key,
      source_job_id: null,
      original_filename: 'tone.wav',
      stems_requested: ['piano'],
      options: { split: false },
      duration_seconds: 1,
    });
    return String(job.id);
  },
  stem_job_id: async () => {
    const res = await postJson(
      engine,
      '/stem-extraction/api/extract',
      { file_key: aliceOwns.file_key, mode: 'two' },
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(202);
    return String(((await res.json()) as { job: { id: number } }).job.id);
  },
  download_job_id: () => makeDownloadJob(engine, alice),
  reader_job_id: () => makeReaderJob(engine, alice),
  key_id: async () => {
    const res = await postJson(
      engine,
      '/auth/api-keys',
      { name: 'alice', scopes: ['*'] },
      bearer(alice.tokens.access_token),
    );
    return ((await res.json()) as { id: string }).id;
  },
  provider: async () => {
    const { token, account } = github.addAccount({});
    const res = await postJson(
      engine,
      '/auth/account-providers',
      { provider: 'github', provider_account_id: String(account.id), access_token: token },
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { provider: string }).provider;
  },
  endpoint_id: async () => {
    // Loopback receivers are allowed in this engine, so no DNS is needed; nothing listens there.
    const res = await postJson(
      engine,
      '/webhooks/endpoints',
      { url: 'http://127.0.0.1:1027/hook', events: ['job.completed'] },
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  },
  delivery_id: async () => {
    const res = await fetch(`${engine.api}/webhooks/endpoints/${aliceOwns.endpoint_id}/test`, {
      method: 'POST',
      headers: bearer(alice.tokens.access_token),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  },
  project_id: () => makeBook(engine, alice),
  chapter_id: async () => {
    const res = await fetch(`${engine.api}/audiobook/projects/${aliceOwns.project_id}/chapters`, {
      headers: bearer(alice.tokens.access_token),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { chapters: { id: string }[] }).chapters[0]?.id ?? '';
  },
  paragraph_id: async () => {
    const res = await fetch(
      `${engine.api}/audiobook/projects/${aliceOwns.project_id}/chapters/${aliceOwns.chapter_id}/paragraphs`,
      { headers: bearer(alice.tokens.access_token) },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { paragraphs: { id: string }[] }).paragraphs[0]?.id ?? '';
  },
  take_id: () => makeTake(engine, alice, aliceOwns.project_id ?? '', aliceOwns.paragraph_id ?? ''),
  // Catalog voices are public (every user may use them): no other-user 404 applies.
  voice_id: () => Promise.resolve(String(new StandardVoices().resolve('en-us')?.id ?? 0)),
  voice_identifier: () => Promise.resolve(String(new StandardVoices().resolve('en-us')?.id ?? 0)),
  custom_voice_id: () => makeCustomVoice(engine, alice),
  conversion_id: () =>
    makeConversionJob(engine, alice, aliceOwns.file_key ?? '', aliceOwns.custom_voice_id ?? ''),
  pronunciation_id: async () => {
    const res = await postJson(
      engine,
      `/audiobook/projects/${aliceOwns.project_id}/pronunciations`,
      { grapheme: 'Anna', replacement: 'AH-nuh' },
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  },
  detect_job_id: async () => {
    const res = await postJson(
      engine,
      `/audiobook/projects/${aliceOwns.project_id}/cast/detect?method=llm`,
      {},
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { job_id: string }).job_id;
  },
  export_job_id: async () => {
    // Through the runner: ownership needs the job row, not a narrated book (the run refuses it).
    const job = await engine.engine.services.jobs.create(alice.id, 'audiobook_export', {
      project_id: aliceOwns.project_id,
      credits: null,
      narrator_name: 'Narrator',
      subtitle_text: '',
      cover_media_id: null,
    });
    return String(job.id);
  },
  transcript_project_id: () => makeTranscriptProject(engine, alice),
  // A label within Alice's project: Bob meets her project's 404 whatever label he names.
  speaker_label: () => Promise.resolve('SPEAKER_00'),
  transcription_job_id: () =>
    makeTranscriptionJob(
      engine,
      alice,
      aliceOwns.file_key ?? '',
      aliceOwns.transcript_project_id ?? '',
    ),
  text_translation_job_id: async () => {
    // Through the runner, no pack needed: the job exists (and fails later for want of one).
    const job = await engine.engine.services.jobs.create(alice.id, 'text_translation', {
      texts: ['Hello.'],
      transcript_id: null,
      source_language: 'en',
      source_detected: false,
      target_language: 'de',
      engine: null,
      characters: 6,
    });
    return String(job.id);
  },
  translation_job_id: () => makeMatrixTranslation(engine, alice, aliceOwns.file_key ?? ''),
  // A line of Alice's translation: Bob meets her translation's 404 whatever line he names.
  segment_id: () => Promise.resolve('0'),
  // Model packs are the machine's, not a user's (owner-only routes: 403 for others).
  pack_id: () => Promise.resolve('basic-pitch'),
  auto_cast_job_id: async () => {
    // Through the runner: a book without speakers has nothing to cast (the route answers 400).
    const job = await engine.engine.services.jobs.create(alice.id, 'audiobook_auto_cast', {
      project_id: aliceOwns.project_id,
      character_names: ['Anna'],
    });
    return String(job.id);
  },
  direction_job_id: async () => {
    const res = await postJson(
      engine,
      `/audiobook/projects/${aliceOwns.project_id}/direction/auto`,
      {},
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(202);
    return ((await res.json()) as { job_id: string }).job_id;
  },
  annotate_job_id: async () => {
    const res = await postJson(
      engine,
      `/audiobook/projects/${aliceOwns.project_id}/screenplay/annotate`,
      {},
      bearer(alice.tokens.access_token),
    );
    expect(res.status).toBe(202);
    return ((await res.json()) as { job_id: string }).job_id;
  },
};

export function pathParams(route: AnyRoute): string[] {
  return [...route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? '');
}

/** A value of the right shape for each path parameter, found by asking the row's own schema. */
export function validShaped(route: AnyRoute, name: string): string {
  const shape = route.params instanceof z.ZodObject ? route.params.shape : {};
  const schema = (shape as Record<string, z.ZodType | undefined>)[name];
  const candidates = ['1', randomUUID(), 'google', 'github', 'a'];
  const fit = candidates.find((c) => schema === undefined || schema.safeParse(c).success);
  if (fit === undefined) throw new Error(`no valid-shaped value for {${name}} in ${route.path}`);
  return fit;
}

export function urlFor(route: AnyRoute, values: Record<string, string> = {}): string {
  const path = route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) =>
    encodeURIComponent(values[name] ?? validShaped(route, name)),
  );
  return `${engine.api}${path}`;
}

/** Status and JSON body; event streams are closed as soon as their headers arrive. */
export async function call(
  route: AnyRoute,
  headers: Record<string, string>,
  values?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const controller = new AbortController();
  const hasBody = route.method !== 'get' && route.method !== 'delete';
  const res = await fetch(urlFor(route, values), {
    method: route.method.toUpperCase(),
    headers: hasBody ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasBody ? '{}' : undefined,
    signal: controller.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    controller.abort();
    return { status: res.status, body: {} };
  }
  const json = (await res.json()) as Record<string, unknown>;
  // OpenAI-compatible rows answer {error: {message, type, param, code}}; compare their inner object.
  const inner = route.errorShape === 'openai' ? json.error : undefined;
  const body = inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : json;
  return { status: res.status, body };
}

export async function keyWith(scopes: string[]): Promise<{ id: string; api_key: string }> {
  const res = await postJson(
    engine,
    '/auth/api-keys',
    { name: scopes.join(' '), scopes },
    bearer(alice.tokens.access_token),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; api_key: string };
}

/**
 * One engine with Alice, Bob, the credentials every case uses and one resource Alice owns per
 * path parameter, all made through the real API.
 */
export function useMatrixEngine(): void {
  beforeAll(async () => {
    temp = makeTempDir();
    github = await startFakeGithub();
    chat = await startChatServer();
    engine = await startEngine({
      githubApiUrl: github.url,
      webhooksLoopbackPorts: UNPRIVILEGED_PORTS,
      llmUrl: chat.url,
    });
    alice = await registerUser(engine);
    bob = await registerUser(engine);

    const sid = JSON.parse(
      Buffer.from(alice.tokens.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sid: string };
    const now = Math.floor(Date.now() / 1000);
    creds.expiredAccess = engine.engine.services.accounts.tokens.signAccessToken({
      userId: alice.id,
      sessionId: sid.sid,
      issuedAt: now - 7200,
      expiresAt: now - 3600,
    });

    const revoked = await keyWith(['*']);
    const del = await fetch(`${engine.api}/auth/api-keys/${revoked.id}`, {
      method: 'DELETE',
      headers: bearer(alice.tokens.access_token),
    });
    expect(del.status).toBe(204);
    creds.revokedKey = revoked.api_key;
    creds.unscopedKey = (await keyWith(['nothing:read'])).api_key;

    for (const scope of new Set(protectedRoutes.map((r) => r.scope))) {
      if (scope !== undefined) scopedKeys.set(scope, (await keyWith([scope])).api_key);
    }
    // Makers run in this order: a job needs a file, a delivery an endpoint, a chapter its book.
    for (const name of [
      'file_key',
      'job_id',
      'denoise_job_id',
      'midi_job_id',
      'stem_job_id',
      'download_job_id',
      'reader_job_id',
      'key_id',
      'provider',
      'endpoint_id',
      'delivery_id',
      'project_id',
      'chapter_id',
      'paragraph_id',
      'take_id',
      'voice_id',
      'voice_identifier',
      'pack_id',
      'custom_voice_id',
      'conversion_id',
      'pronunciation_id',
      'detect_job_id',
      'annotate_job_id',
      'direction_job_id',
      'auto_cast_job_id',
      'export_job_id',
      'transcript_project_id',
      'speaker_label',
      'transcription_job_id',
      'text_translation_job_id',
      'translation_job_id',
      'segment_id',
    ]) {
      const make = OWNED_RESOURCE_MAKERS[name];
      if (make) aliceOwns[name] = await make();
    }
  });
  afterAll(async () => {
    await engine.stop();
    await github.stop();
    await chat.stop();
    temp.cleanup();
  });
}
