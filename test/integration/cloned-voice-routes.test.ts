// A cloned voice through every route that takes a voice (docs/api/voices-custom.md), from a
// fresh engine: the cloning packs (their real manifests; generated models of the published
// signatures at the real URLs of a model mirror, the Hub listing of each pinned commit served
// too) are installed and verified through /model-packs, a LibriSpeech speaker is cloned, and the
// clone speaks through the official `openai` SDK (/v1/audio/speech), narrates a book's line,
// voices a character of the cast, and reads an article (premium). A second user cannot use it
// until it is shared.
import fs from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
  type JobJson,
} from '../helpers/audiobook.ts';
import { publishClonePacks } from '../helpers/clone-packs.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { startModelMirror, type ModelMirror } from '../helpers/model-mirror.ts';
import { realData } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { audioForm, joinClips, speakerFile } from '../helpers/voice-samples.ts';

const dataDir = realData('speech/librispeech_test-other_10spk')
  ? process.env.TAPEHOUSE_DATA_DIR
  : null;
const temp = makeTempDir('tapehouse-cloned-routes-');
let mirror: ModelMirror;
let engine: TestEngine;
let api: Client;
let sample = '';

interface Voice {
  id: number;
  uuid: string;
  name: string;
  status: string;
  engine: string;
}

/** The voice made in the first test, used by the rest. */
let voice: Voice | null = null;

beforeAll(async () => {
  if (!dataDir) return;
  mirror = await startModelMirror(path.join(temp.dir, 'mirror'));
  const { manifests } = await publishClonePacks(path.join(temp.dir, 'packs'), mirror);
  engine = await startEngine(
    { modelInstall: { mirror: mirror.url, diskReserveBytes: 0 } },
    { manifestsDir: manifests },
  );
  api = client(engine, engine.token);
  sample = await joinClips(
    [speakerFile(dataDir, '1688', 1), speakerFile(dataDir, '1688', 2)],
    path.join(temp.dir, 'sample.wav'),
    { maxSeconds: 25 },
  );
}, 180_000);

afterAll(async () => {
  await engine?.stop();
  await mirror?.close();
  temp.cleanup();
});

async function takeOf(project: string, line: string) {
  const takes = await api.get<{
    takes: { engine: string; voice_id: number; duration_seconds: number }[];
  }>(`/audiobook/projects/${project}/paragraphs/${line}/takes`);
  const take = takes.body.takes[0];
  expect(take?.duration_seconds).toBeGreaterThan(1);
  return take;
}

async function jobDone(id: number, timeout = 240_000): Promise<JobJson> {
  const job = await waitForJob(api, id, timeout);
  expect(job.status, job.error_message ?? '').toBe('completed');
  return job;
}

describe.runIf(dataDir)('a cloned voice on a fresh engine', () => {
  it('installs and verifies the cloning pack through the model manager', async () => {
    const before = await api.form<{ code: string; detail: string }>(
      '/voice/voice-clone',
      audioForm(sample, 'file', { name: 'Early' }),
    );
    expect(before.status).toBe(503);
    expect(before.body.detail).toMatch(/PocketTTS/);
    const install = await api.post<JobJson>('/model-packs/pocket-tts-en/install', {});
    expect(install.status, JSON.stringify(install.body)).toBe(202);
    const installed = await jobDone(install.body.id);
    expect(installed.result).toMatchObject({ id: 'pocket-tts-en', status: 'installed' });
    // The mirror served the Hub's listing of both pinned commits: the files were checked on it.
    expect(mirror.requests.some((r) => r.path.includes('/api/models/csukuangfj2/'))).toBe(true);
    const verify = await api.post<JobJson>('/model-packs/pocket-tts-en/verify', {});
    expect((await jobDone(verify.body.id)).result).toMatchObject({ ok: true });
  });

  it('clones the speaker from one sample', async () => {
    const made = await api.form<Voice>(
      '/voice/voice-clone',
      audioForm(sample, 'file', { name: 'Reader Clone' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'COMPLETED', engine: 'pocket' });
    voice = made.body;
  });

  it('speaks through the official openai SDK by id, UUID and name', async () => {
    const openai = new OpenAI({ apiKey: engine.token, baseURL: `${engine.url}/v1` });
    const sizes: number[] = [];
    for (const ref of [String(voice?.id), voice?.uuid ?? '', 'Reader Clone']) {
      const audio = await openai.audio.speech.create({
        model: 'tts-1',
        voice: ref,
        input: 'The lighthouse keeper climbed the stairs. He counted every step.',
        response_format: 'wav',
      });
      sizes.push((await audio.arrayBuffer()).byteLength);
    }
    expect(sizes[0]).toBeGreaterThan(24_000 * 2);
    expect(new Set(sizes).size).toBe(1);
    const faster = await openai.audio.speech.create({
      model: 'tts-1',
      voice: String(voice?.id),
      input: 'The lighthouse keeper climbed the stairs. He counted every step.',
      response_format: 'wav',
      speed: 2,
    });
    const ratio = (await faster.arrayBuffer()).byteLength / (sizes[0] ?? 1);
    expect(ratio).toBeGreaterThan(0.35);
    expect(ratio).toBeLessThan(0.75);
  });

  it('narrates as a book’s narrator, and as a character of another book’s cast', async () => {
    const narrated = await createProject(api, {
      title: 'Narrated',
      selected_voice_id: voice?.id,
      language: 'en-US',
    });
    const story = bookText([
      { title: 'One', paragraphs: ['The harbour was grey and still when the ferry came in.'] },
    ]);
    expect((await paste(api, narrated.id, story)).status).toBe(200);
    await api.post(`/audiobook/projects/${narrated.id}/rights-attestation`);
    const [line] = await paragraphsOf(
      api,
      narrated.id,
      (await chaptersOf(api, narrated.id))[0]?.id ?? '',
    );
    const one = await api.post<{ task_id: number }>(
      `/audiobook/projects/${narrated.id}/paragraphs/${line?.id ?? ''}/narrate`,
      {},
    );
    expect(one.status, JSON.stringify(one.body)).toBe(202);
    await jobDone(one.body.task_id);
    expect(await takeOf(narrated.id, line?.id ?? '')).toMatchObject({
      engine: 'pocket',
      voice_id: voice?.id,
    });

    const cast = await createProject(api, { title: 'Cast', language: 'en-US' });
    const dialogue = bookText([
      {
        title: 'One',
        paragraphs: [
          'The harbour was grey and still when the ferry came in.',
          '“We should leave before the tide turns,” said Anna.',
        ],
      },
    ]);
    expect((await paste(api, cast.id, dialogue, { detect_speakers: false })).status).toBe(200);
    await api.post(`/audiobook/projects/${cast.id}/rights-attestation`);
    await api.post(`/audiobook/projects/${cast.id}/cast/detect?method=heuristic`);
    const assigned = await api.post(`/audiobook/projects/${cast.id}/cast/assign`, {
      character_name: 'Anna',
      voice_id: voice?.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const batch = await api.post<{ job_id: number }>(
      `/audiobook/projects/${cast.id}/narration/batch`,
      {},
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    await jobDone(batch.body.job_id);
    const lines = await paragraphsOf(api, cast.id, (await chaptersOf(api, cast.id))[0]?.id ?? '');
    const narration = lines.find((l) => String(l.text).startsWith('The harbour'));
    const anna = lines.find((l) => String(l.text).includes('said Anna'));
    expect((await takeOf(cast.id, narration?.id ?? ''))?.engine).toBe('espeak');
    expect(await takeOf(cast.id, anna?.id ?? '')).toMatchObject({
      engine: 'pocket',
      voice_id: voice?.id,
    });
  });

  it('reads an article as premium narration', async () => {
    const estimate = await api.post<{ is_premium: boolean; estimated_credits: number }>(
      '/reader/estimate',
      { content: 'Tide note\n\nThe tide turns twice a day.', voice: voice?.id },
    );
    expect(estimate.body).toMatchObject({ is_premium: true });
    expect(estimate.body.estimated_credits).toBeGreaterThan(0);
    const started = await api.post<{ id: number }>('/reader/generate', {
      content: 'Tide note\n\nThe tide turns twice a day. The ferry leaves at ten.',
      voice: voice?.uuid,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await jobDone(started.body.id);
    const read = await api.get<{ status: string; audio_url: string; duration: number }>(
      `/reader/${started.body.id}`,
    );
    expect(read.body.status).toBe('completed');
    const audio = await fetch(read.body.audio_url);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(4_000);
  });

  it('is another user’s to use only once shared', async () => {
    const bob = await registerUser(engine);
    const other = client(engine, bob.tokens.access_token);
    const speak = () =>
      fetch(`${engine.api}/audio/speech`, {
        method: 'POST',
        headers: { ...other.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: 'Hello.', voice: voice?.uuid }),
      });
    expect((await speak()).status).toBe(404);
    const reader = await other.post('/reader/estimate', { content: 'A line.', voice: voice?.id });
    expect(reader.status).toBe(404);
    await fetch(`${engine.api}/voice/voice-profiles/${voice?.id}`, {
      method: 'PATCH',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_public: true }),
    });
    expect((await speak()).status).toBe(200);
    expect(
      fs.existsSync(path.join(engine.home, 'custom-voices', voice?.uuid ?? '', 'prompt.wav')),
    ).toBe(true);
  });
});
