// Text translation through the whole engine (docs/api/translation.md): without a pack the routes
// answer 503 naming what to install and charge nothing; with generated packs of the
// transformers.js Opus-MT and M2M100 signatures installed through the model mirror at the real
// repositories' paths (Hub-verified against the mirror's listing), text and lists are
// translated by the pack each pair's plan picks, in the worker pool, priced per started 1,000
// characters, with progress, and a cancelled job is released.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedMtPack } from '../../engine/src/features/translation/generated-mt-pack.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { client, type Client } from '../helpers/audiobook.ts';
import { ROOT, startEngine, type TestEngine } from '../helpers/engine.ts';
import { startModelMirror, type ModelMirror } from '../helpers/model-mirror.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('tapehouse-translation-');
let bare: TestEngine;
let engine: TestEngine;
let none: Client;
let api: Client;
let mirror: ModelMirror;
const HUB = 'https://huggingface.co';

interface Translation {
  translations: string[];
  engine: string;
  packs: string[];
  source_language: string;
  source_detected: boolean;
  credits_charged: number;
  segments: { id: number; start: number; speaker: string | null; translation: string }[] | null;
}
interface TextJob {
  id: number;
  status: string;
  progress: number;
  result: Translation | null;
}

function manifestsWith(extra: Record<string, unknown>[]): string {
  const dir = fs.mkdtempSync(path.join(temp.dir, 'manifests-'));
  for (const name of fs.readdirSync(path.join(ROOT, 'models')))
    if (name.endsWith('.json'))
      fs.copyFileSync(path.join(ROOT, 'models', name), path.join(dir, name));
  for (const m of extra)
    fs.writeFileSync(path.join(dir, `${String(m.id)}.json`), JSON.stringify(m));
  return dir;
}

async function balance(c: Client): Promise<number> {
  return (await c.get<{ total_available_credits: number }>('/credits')).body
    .total_available_credits;
}

async function settled(c: Client, id: number): Promise<TextJob> {
  for (let i = 0; i < 600; i++) {
    const job = (await c.get<TextJob>(`/translation/text/jobs/${id}`)).body;
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not end`);
}

beforeAll(async () => {
  const source = path.join(temp.dir, 'packs');
  mirror = await startModelMirror(path.join(temp.dir, 'mirror'));
  const packs = [
    writeGeneratedMtPack(source, {
      id: 'mt-test-en-de',
      kind: { source: 'en', target: 'de' },
      urlBase: `${HUB}/Xenova/opus-mt-en-de/resolve/1ca130c44c4c5441ef16d48aae521a424ab644f7`,
    }),
    writeGeneratedMtPack(source, {
      id: 'mt-test-m2m',
      kind: 'm2m100',
      urlBase: `${HUB}/Xenova/m2m100_418M/resolve/9c374f0b7aca709787cea97b047bfbbd1559d177`,
    }),
  ];
  for (const p of packs)
    for (const f of p.manifest.files) {
      (f as { hubVerified?: boolean }).hubVerified = true;
      mirror.publish(f.url, { file: path.join(source, ...f.path.split('/')) });
    }
  const manifests = manifestsWith(packs.map((p) => p.manifest));
  bare = await startEngine({ home: path.join(temp.dir, 'bare') }, { manifestsDir: manifests });
  none = client(bare, bare.token);
  const home = path.join(temp.dir, 'installed');
  fs.mkdirSync(home, { recursive: true });
  const registry = new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests });
  for (const p of packs) await installPack(registry, p.manifest.id, { mirror: mirror.url });
  engine = await startEngine({ home }, { manifestsDir: manifests });
  api = client(engine, engine.token);
}, 120_000);

afterAll(async () => {
  await mirror?.close();
  await bare?.stop();
  await engine?.stop();
  temp.cleanup();
});

describe('text translation without a pack', () => {
  it('answers 503 naming the packs that would do, charging nothing', async () => {
    const before = await balance(none);
    const res = await none.post<{ code: string; detail: string; pack: string; capability: string }>(
      '/translation/text',
      {
        text: 'Hello world.',
        source_language: 'en',
        target_language: 'de',
      },
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('model_not_installed');
    expect(res.body.capability).toBe('translation');
    expect(res.body.pack).toBe('mt-test-en-de');
    expect(res.body.detail).toMatch(
      /Translating English → German needs the “Generated Opus-MT en-de \(tests\)” pack/,
    );
    expect(await balance(none)).toBe(before);
  });

  it('refuses unknown languages, the same language, and both text and transcript', async () => {
    const unknown = await none.post<{ reason: string }>('/translation/text', {
      text: 'x',
      target_language: 'xx',
    });
    expect(unknown.status).toBe(400);
    const same = await none.post<{ reason: string }>('/translation/text', {
      text: 'Hello.',
      source_language: 'en',
      target_language: 'EN',
    });
    expect(same.status).toBe(400);
    const both = await none.post('/translation/text/jobs', {
      text: 'Hello.',
      transcript_id: 1,
      target_language: 'de',
    });
    expect(both.status).toBe(400);
  });
});

describe('text translation with generated packs', () => {
  it('uses the Opus-MT pair when installed, keeping paragraphs, and charges per 1,000 characters', async () => {
    const before = await balance(api);
    const text = 'Hello world. Good morning!\n\nThe cat sleeps.';
    const res = await api.post<Translation>('/translation/text', {
      text,
      source_language: 'en',
      target_language: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body.translations).toEqual(['hallo welt. guten morgen!\n\ndie katze schläft.']);
    expect(res.body.engine).toBe('opus-mt');
    expect(res.body.packs).toEqual(['mt-test-en-de']);
    const costs = (await api.get<{ translation: number }>('/credits/multipliers')).body;
    expect(res.body.credits_charged).toBe(costs.translation);
    expect(before - (await balance(api))).toBe(costs.translation);
  });

  it('uses M2M100 for a pair without an Opus-MT pack, and detects the source language', async () => {
    const res = await api.post<Translation>('/translation/text', {
      text: ['Hello world, good morning.', 'The dog runs and the cat sleeps, thank you!'],
      target_language: 'fr',
    });
    expect(res.status).toBe(200);
    expect(res.body.source_language).toBe('en');
    expect(res.body.source_detected).toBe(true);
    expect(res.body.engine).toBe('m2m100');
    expect(res.body.translations).toEqual([
      'bonjour monde, bon matin.',
      'le chien court et le chat dort, merci toi!',
    ]);
    const pair = await api.get<{ pair: { chosen: { engine: string } } }>(
      '/translation/text/languages?source=es&target=de',
    );
    expect(pair.body.pair.chosen.engine).toBe('m2m100');
  });

  it('translates a long text as a job with progress, and a cancelled job is released', async () => {
    const name = (i: number) =>
      `${'abcdefghij'[i % 10] ?? ''}${'klmnopqrst'[Math.floor(i / 10) % 10] ?? ''}`;
    const sentences = Array.from({ length: 400 }, (_, i) => `The cat ${name(i)} sleeps.`);
    const created = await api.post<TextJob>('/translation/text/jobs', {
      text: sentences.join(' '),
      source_language: 'en',
      target_language: 'de',
    });
    expect(created.status).toBe(202);
    const done = await settled(api, created.body.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress).toBe(100);
    expect(done.result?.translations[0]?.slice(0, 42)).toBe(
      'die katze ak schläft. die katze bk schläft.'.slice(0, 42),
    );
    expect(done.result?.credits_charged).toBe(10 * Math.ceil(sentences.join(' ').length / 1000));

    const before = await balance(api);
    const long = await api.post<TextJob>('/translation/text/jobs', {
      text: Array.from({ length: 4000 }, (_, i) => `Good morning ${name(i)}${name(i >> 4)}.`).join(
        '\n',
      ),
      source_language: 'en',
      target_language: 'de',
    });
    expect(long.status).toBe(202);
    expect((await api.post(`/jobs/${long.body.id}/cancel`)).status).toBe(200);
    const cancelled = await settled(api, long.body.id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(await balance(api)).toBe(before);
  });

  it('translates a finished transcript segment by segment, keeping times and speakers', async () => {
    const repo = engine.engine.services.jobRepo;
    const owner = (await api.get<{ id: string }>('/auth/me')).body.id;
    const job = repo.insert({
      type: 'transcription',
      ownerId: owner,
      resource: 'inference',
      input: { files: [], language: 'en', project_id: null },
    });
    repo.transition(job.id, 'running');
    const segment = (id: number, start: number, speaker: string, text: string) => ({
      id,
      start,
      end: start + 1.5,
      text,
      speaker,
      confidence: null,
      words: [],
    });
    repo.transition(job.id, 'completed', {
      progress: 100,
      result: {
        model: 'whisper-tiny',
        task: 'transcribe',
        language: 'en',
        duration: 4,
        text: 'Good morning. Thank you!',
        speakers: ['SPEAKER_00', 'SPEAKER_01'],
        files: [
          {
            filename: 'talk.wav',
            duration: 4,
            language: 'en',
            text: 'Good morning. Thank you!',
            segments: [
              segment(0, 0, 'SPEAKER_00', 'Good morning.'),
              segment(1, 2, 'SPEAKER_01', 'Thank you!'),
            ],
          },
        ],
      },
    });
    const created = await api.post<TextJob>('/translation/text/jobs', {
      transcript_id: job.id,
      target_language: 'de',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const done = await settled(api, created.body.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.result?.source_language).toBe('en');
    expect(done.result?.segments?.map((s) => [s.id, s.start, s.speaker, s.translation])).toEqual([
      [0, 0, 'SPEAKER_00', 'guten morgen.'],
      [1, 2, 'SPEAKER_01', 'danke dir!'],
    ]);
  });
});
