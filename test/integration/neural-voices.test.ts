// Neural voices through the whole engine (docs/api/voices.md, voices-engines.md): a Piper-format
// voice the project generates (a tone per phoneme id, so its length follows the text) is
// installed with the real installer into the engine's data dir, then shows in the catalog as a
// neural voice, speaks through the OpenAI SDK, and narrates a paragraph into a Piper take.
// No real Piper weights exist on this machine; the generated model exercises the same code path.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedPiperVoice } from '../../engine/src/features/voices/engines/piper/generated-piper-voice.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import {
  bookText,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('tapehouse-neural-e2e-');
const manifests = path.join(temp.dir, 'manifests');
const source = path.join(temp.dir, 'source');
const home = path.join(temp.dir, 'home');
let engine: TestEngine;
let api: Client;

function fileEntry(file: string) {
  return {
    name: path.basename(file),
    path: `tts/piper/${path.basename(file)}`,
    url: `https://example.com/${path.basename(file)}`,
    sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
    bytes: fs.statSync(file).size,
  };
}

beforeAll(async () => {
  const voice = writeGeneratedPiperVoice(path.join(source, 'tts/piper'), 'en_GB-generated-medium', {
    languageCode: 'en_GB',
    espeakVoice: 'en-gb',
  });
  fs.mkdirSync(manifests, { recursive: true });
  fs.writeFileSync(
    path.join(manifests, 'piper-generated.json'),
    JSON.stringify({
      manifestVersion: 1,
      id: 'piper-generated',
      task: 'tts',
      engine: 'piper',
      version: '1.0.0',
      title: 'Generated Piper voice',
      description: 'generated for tests',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      voices: [
        { id: 'en_GB-generated-medium', name: 'Generated', language: 'en-GB', gender: 'female' },
      ],
      files: [fileEntry(voice.modelPath), fileEntry(voice.configPath)],
    }),
  );
  fs.mkdirSync(home, { recursive: true });
  await installPack(
    new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests }),
    'piper-generated',
    {
      from: source,
    },
  );
  engine = await startEngine({ home, modelsDir: null }, { manifestsDir: manifests });
  api = client(engine, engine.token);
});
afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

interface Voice {
  id: number;
  slug: string;
  tier: string;
  engine: string;
  language: string;
  gender: string;
}

describe('an installed Piper voice', () => {
  it('is listed as a neural voice, first, with a stable id', async () => {
    const list = await api.get<{ voices: Voice[] }>('/voice/voice-profiles?engine=piper');
    expect(list.body.voices).toHaveLength(1);
    const voice = list.body.voices[0];
    expect(voice).toMatchObject({
      tier: 'neural',
      engine: 'piper',
      language: 'en-GB',
      gender: 'female',
    });
    const all = await api.get<{ voices: Voice[] }>('/voice/voice-profiles?limit=5');
    expect(all.body.voices[0]?.id).toBe(voice?.id);
    const models = await api.get<{ data: { id: string }[] }>('/models');
    expect(models.body.data.map((m) => m.id)).toContain('tapehouse-piper');
  });

  it('speaks through the OpenAI SDK, longer text giving longer audio', async () => {
    const voice = (await api.get<{ voices: Voice[] }>('/voice/voice-profiles?engine=piper')).body
      .voices[0];
    const openai = new OpenAI({ apiKey: engine.token, baseURL: `${engine.url}/v1` });
    const short = await openai.audio.speech.create({
      model: 'tts-1',
      voice: voice?.slug ?? '',
      input: 'Hello there.',
      response_format: 'pcm',
    });
    const long = await openai.audio.speech.create({
      model: 'tts-1',
      voice: String(voice?.id),
      input: 'Hello there. This sentence is a good deal longer than the first one was.',
      response_format: 'pcm',
    });
    const a = Buffer.from(await short.arrayBuffer());
    const b = Buffer.from(await long.arrayBuffer());
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(a.length * 2);
    // Not silence: the generated voice sings a tone per phoneme.
    const samples = new Int16Array(b.buffer, b.byteOffset, b.length / 2);
    expect(samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)).toBeGreaterThan(1000);
  });

  it('narrates a paragraph into a Piper take', async () => {
    const voice = (await api.get<{ voices: Voice[] }>('/voice/voice-profiles?engine=piper')).body
      .voices[0];
    const project = await createProject(api, {
      title: 'Neural',
      selected_voice_id: voice?.id,
      language: 'en-GB',
    });
    await paste(
      api,
      project.id,
      bookText([{ title: 'One', paragraphs: ['The rain fell softly on the quiet town.'] }]),
    );
    await api.post(`/audiobook/projects/${project.id}/rights-attestation`);
    const batch = await api.post<{ job_id: number }>(
      `/audiobook/projects/${project.id}/narration/batch`,
      {},
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    expect((await waitForJob(api, batch.body.job_id)).status).toBe('completed');
    const chapters = await api.get<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const [line] = await paragraphsOf(api, project.id, chapters.body.chapters[0]?.id ?? '');
    const takes = await api.get<{
      takes: { engine: string; voice_id: number; duration_seconds: number; sample_rate: number }[];
    }>(`/audiobook/projects/${project.id}/paragraphs/${String(line?.id)}/takes`);
    expect(takes.body.takes[0]).toMatchObject({
      engine: 'piper',
      voice_id: voice?.id,
      sample_rate: 22_050,
    });
    expect(takes.body.takes[0]?.duration_seconds).toBeGreaterThan(1);
  });
});
