/**
 * Packs installed through a mirror (TAPEHOUSE_MODEL_MIRROR) on a real engine, then used: the
 * committed manifests' files served at their real URLs (generated models of each family's
 * published signature, the real Silero VAD and the real Whisper token file) with the Hub's
 * listing of each pinned commit. Install → verify → the capability runs through its routes
 * (transcription with speaker labels, neural stem separation); the capability status follows;
 * a wrong digest installs nothing; a cut download resumes; too little disk answers 507 first;
 * one install per pack; a non-commercial licence must be accepted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelManifest } from '../../engine/src/inference/model-manifest.ts';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { diarizationFiles, htdemucsFiles, whisperFiles } from '../helpers/generated-packs.ts';
import { committedManifests, publishPack } from '../helpers/mirror-packs.ts';
import { startModelMirror, type ModelMirror } from '../helpers/model-mirror.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

type Json = Record<string, unknown>;

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech/picovoice_multilingual');
const TOKENS_SHA = 'b34b360dbb493e781e479794586d661700670d65564001f23024971d1f2fa126';
/** The git blob id a third party pins for tiny-tokens.txt at the Hub commit (PACK-PINS). */
const TOKENS_BLOB = 'a4edf0b719c10d28cd83f8c294449f99ff5d5dc0';

const temp = makeTempDir('tapehouse-capabilities-');
let mirror: ModelMirror;
let engine: TestEngine;
let empty = '';
const packs: Record<string, ModelManifest> = {};

beforeAll(async () => {
  if (!tiktoken || !vad || !speech) throw new Error('real models and speech are required');
  mirror = await startModelMirror(path.join(temp.dir, 'mirror'));
  const manifests = committedManifests(path.join(temp.dir, 'manifests'));
  const work = path.join(temp.dir, 'work');
  fs.mkdirSync(work, { recursive: true });
  packs.vad = publishPack(mirror, manifests, 'silero-vad', {}, work);
  packs.whisper = publishPack(
    mirror,
    manifests,
    'whisper-tiny',
    whisperFiles(path.join(work, 'whisper'), tiktoken, [' Hallo', ' Welt', '.'], 'de'),
    work,
  );
  packs.diarization = publishPack(
    mirror,
    manifests,
    'speaker-diarization',
    diarizationFiles(path.join(work, 'diarization')),
    work,
  );
  packs.demucs = publishPack(
    mirror,
    manifests,
    'htdemucs-4s',
    htdemucsFiles(path.join(work, 'demucs')),
    work,
  );
  // An empty models folder: nothing resolves but what is installed (TAPEHOUSE_MODELS_DIR is set).
  empty = path.join(temp.dir, 'no-models');
  fs.mkdirSync(empty, { recursive: true });
  engine = await startEngine(
    { modelsDir: empty, modelInstall: { mirror: mirror.url, diskReserveBytes: 0 } },
    { manifestsDir: manifests },
  );
});

afterAll(async () => {
  await engine?.stop();
  await mirror?.close();
  temp.cleanup();
});

async function call(method: string, route: string, body?: unknown, on = engine) {
  const res = await fetch(`${on.api}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${on.token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function finished(id: number): Promise<Json> {
  const until = Date.now() + 120_000;
  for (;;) {
    const job = (await call('GET', `/jobs/${id}`)).body;
    if (['completed', 'failed', 'cancelled'].includes(String(job.status))) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${String(job.status)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function install(packId: string, body: Json = {}): Promise<Json> {
  const started = await call('POST', `/model-packs/${packId}/install`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return finished(Number(started.body.id));
}

async function capability(id: string): Promise<Json> {
  const health = (await call('GET', '/health')).body;
  const found = (health.capabilities as Json[]).find((c) => c.id === id);
  expect(found, id).toBeDefined();
  return found as Json;
}

function urlOf(manifest: ModelManifest | undefined, name: string): string {
  const file = manifest?.files.find((f) => f.name === name);
  if (!file) throw new Error(`no ${name}`);
  return file.url;
}

describe('transcription with speaker labels, installed through the mirror', () => {
  it('starts as "needs a pack", naming the pack and what one click installs', async () => {
    const status = await capability('transcription');
    expect(status).toMatchObject({ status: 'needs_pack', ready_with: null, ready_packs: [] });
    const recommended = (status.recommended as Json).id as string;
    expect(recommended).toMatch(/^whisper-/);
    expect(status.install).toEqual(['silero-vad', recommended]);
    expect(await capability('diarization')).toMatchObject({
      status: 'needs_pack',
      install: ['speaker-diarization'],
    });
    // The route answers the same, with the pack the studio's Install button installs.
    const client = new OpenAI({ apiKey: engine.token, baseURL: `${engine.url}/v1`, maxRetries: 0 });
    const error = (await client.audio.transcriptions
      .create({ file: await toFile(Buffer.from('x'), 'a.wav'), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(503);
    expect(error.message).toContain('Install it on the Models page');
    expect(error.message).not.toMatch(/models\/|manifest|npm run|TAPEHOUSE_/);
  });

  it('installs Whisper tiny with the VAD it requires as one job, verifying the real token file', async () => {
    const job = await install('whisper-tiny');
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.result).toMatchObject({
      id: 'whisper-tiny',
      installed: ['silero-vad', 'whisper-tiny'],
    });
    const pack = (await call('GET', '/model-packs/whisper-tiny')).body;
    expect(pack).toMatchObject({ state: 'installed', ready: true, capability: 'transcription' });
    const tokens = (pack.verification as Json[]).find((v) => v.file === 'tokens.tiktoken');
    const listing = `${mirror.url}/huggingface.co/api/models/csukuangfj/sherpa-onnx-whisper-tiny/tree/65176e2deb88badc814a94058666cadccc29b61c?recursive=1`;
    expect(tokens).toMatchObject({
      origin: `${mirror.url}/huggingface.co/csukuangfj/sherpa-onnx-whisper-tiny/resolve/65176e2deb88badc814a94058666cadccc29b61c/tiny-tokens.txt`,
      checks: expect.arrayContaining([
        expect.objectContaining({ method: 'sha256', evidence: 'third-party-attestation' }),
        { method: 'hub-git-blob', from: listing, evidence: null },
      ]),
    });
    const record = JSON.parse(
      fs.readFileSync(path.join(engine.home, 'models', 'whisper-tiny', 'installed.json'), 'utf8'),
    ) as {
      files: { name: string; sha256: string; verified: { method: string; expected: string }[] }[];
    };
    const tokenRecord = record.files.find((f) => f.name === 'tokens.tiktoken');
    expect(tokenRecord?.sha256).toBe(TOKENS_SHA);
    // The real bytes' git blob id is the one a third party pins at the Hub commit.
    expect(tokenRecord?.verified).toContainEqual(
      expect.objectContaining({ method: 'hub-git-blob', expected: TOKENS_BLOB }),
    );
    const verify = await finished(
      Number((await call('POST', '/model-packs/whisper-tiny/verify')).body.id),
    );
    expect(verify.result).toMatchObject({ ok: true });
    expect(await capability('transcription')).toMatchObject({
      status: 'ready',
      ready_with: 'pack',
      ready_packs: ['whisper-tiny'],
      install: [],
    });
  });

  it('refuses an embedding with wrong bytes, installing nothing, then installs the right one', async () => {
    const embedding = urlOf(packs.diarization, 'embedding.onnx');
    mirror.corrupt(embedding);
    try {
      const failed = await install('speaker-diarization');
      expect(failed.status).toBe('failed');
      expect(String(failed.error_message)).toContain('embedding.onnx from');
      expect(String(failed.error_message)).toContain('nothing was installed');
    } finally {
      mirror.restore(embedding);
    }
    expect((await call('GET', '/model-packs/speaker-diarization')).body).toMatchObject({
      state: 'not_installed',
      ready: false,
    });
    expect(fs.existsSync(path.join(engine.home, 'models', 'speaker-diarization'))).toBe(false);
    expect((await install('speaker-diarization')).status).toBe('completed');
    expect(await capability('diarization')).toMatchObject({ status: 'ready' });
  });

  it('transcribes with speaker labels through the routes', async () => {
    const client = new OpenAI({ apiKey: engine.token, baseURL: `${engine.url}/v1`, maxRetries: 0 });
    const file = await toFile(fs.readFileSync(path.join(speech ?? '', 'test.wav')), 'test.wav');
    const diarized = (await client.audio.transcriptions.create({
      file,
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
    })) as unknown as OpenAI.Audio.TranscriptionDiarized;
    expect(diarized.text).toBe('Hallo Welt.');
    expect(diarized.segments[0]).toMatchObject({ speaker: 'SPEAKER_00', text: 'Hallo Welt.' });
  });
});

describe('neural stem separation, installed through the mirror', () => {
  it('runs only one install of a pack at a time, and resumes a download cut halfway', async () => {
    const model = urlOf(packs.demucs, 'htdemucs_fp16weights.onnx');
    const size = fs.statSync(mirror.fileFor(model)).size;
    mirror.stall(model);
    const first = await call('POST', '/model-packs/htdemucs-4s/install', {});
    expect(first.status).toBe(202);
    const second = await call('POST', '/model-packs/htdemucs-4s/install', {});
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'conflict', job_id: first.body.id });
    mirror.cut(model, Math.floor(size / 2));
    mirror.unstall(model);
    const job = await finished(Number(first.body.id));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const asked = mirror.requestsFor(model).map((r) => [r.range, r.status]);
    expect(asked.slice(-2)).toEqual([
      [null, 200],
      [`bytes=${Math.floor(size / 2)}-`, 206],
    ]);
    expect(await capability('stems')).toMatchObject({
      status: 'ready',
      ready_with: 'pack',
      ready_packs: ['htdemucs-4s'],
    });
  });

  it('splits vocals with the installed model', async () => {
    const mix = path.join(temp.dir, 'mix.wav');
    execFileSync(systemFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=2',
      '-ac',
      '2',
      '-ar',
      '44100',
      mix,
    ]);
    const form = new FormData();
    form.set('single_stem', 'vocals');
    form.set('file', new Blob([fs.readFileSync(mix)]), 'mix.wav');
    const res = await fetch(`${engine.api}/stem-extraction/extract/advanced`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${engine.token}` },
      body: form,
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(202);
    await finished(Number((body.job as Json).id));
    const status = (await call('GET', `/stem-extraction/status/${String((body.job as Json).id)}`))
      .body;
    expect(status.status, JSON.stringify(status)).toBe('COMPLETED');
    expect(Object.keys(status.download_urls as Json)).toContain('vocals');
    expect(JSON.stringify(status)).toContain('htdemucs-4s');
  });
});

describe('before an install starts', () => {
  it('answers 507 when the pack does not fit with the reserve, without downloading', async () => {
    const tight = await startEngine(
      { modelsDir: empty, modelInstall: { mirror: mirror.url, diskReserveBytes: 1e18 } },
      { manifestsDir: path.join(temp.dir, 'manifests') },
    );
    try {
      const before = mirror.requests.length;
      const res = await call('POST', '/model-packs/whisper-tiny/install', {}, tight);
      expect(res.status).toBe(507);
      expect(res.body).toMatchObject({ code: 'insufficient_storage', reserve_bytes: 1e18 });
      expect(String(res.body.detail)).toMatch(/Not enough free disk space .* Free some space/);
      expect(mirror.requests.length).toBe(before);
    } finally {
      await tight.stop();
    }
  });

  it('asks for a non-commercial licence to be accepted first', async () => {
    const res = await call('POST', '/model-packs/piper-en-us-lessac-medium/install', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'licence_not_accepted',
      licence_url: expect.stringMatching(
        /^https:\/\/huggingface\.co\/rhasspy\/piper-voices\/resolve\/[0-9a-f]{40}\//,
      ),
    });
  });
});
