// Speech translation's requests through the whole engine, without any model pack
// (docs/api/speech-translation.md, "Creating a translation", "Languages"): every contract
// error is a 400 with a machine-readable reason before anything is stored or charged — both or
// neither of file and url, no target, a code outside the 21, a file that is not audio or video
// by its extension, a url not starting with http(s) — and a combination the installed packs
// cannot do is a 400 naming each stage's reason and the pack that fixes it. The languages route
// lists the 21 codes with what this machine can do with each.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, fileForm, type Client } from '../helpers/audiobook.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('tapehouse-speech-translation-');
let engine: TestEngine;
let api: Client;
let wav: Buffer;
/** Files under the engine's file store before any request (its own bookkeeping). */
let baseline = 0;

interface ErrorBody {
  code: string;
  detail: string;
  // An error's details travel beside code and detail (docs/api/errors.md).
  reason?: string;
  fields?: { loc: string[] }[];
  problems?: { stage: string; reason: string; pack: string | null }[];
  pack?: string;
}

interface Languages {
  languages: {
    code: string;
    name: string;
    recognition: { supported: boolean; installed: boolean };
    translation: { into: boolean };
    cloning: { installed: boolean };
    catalog_voice: { available: boolean; voices: number };
  }[];
  separation: { tier: string };
  pair: { possible: boolean; problems: { stage: string; reason: string }[] } | null;
}

async function balance(): Promise<number> {
  return (await api.get<{ total_available_credits: number }>('/credits')).body
    .total_available_credits;
}

function filesStored(): number {
  const dir = path.join(engine.home, 'files');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length;
}

beforeAll(async () => {
  const models = path.join(temp.dir, 'no-models');
  fs.mkdirSync(models);
  engine = await startEngine({ modelsDir: models });
  api = client(engine, engine.token);
  wav = fs.readFileSync(makeSineWav(temp.dir, 'tone.wav', 1));
  baseline = filesStored();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  temp.cleanup();
});

describe('POST /translation/translations refuses before charging', () => {
  const cases: [string, () => Promise<{ status: number; body: ErrorBody }>, string, string][] = [
    [
      'neither file nor url',
      () => api.post<ErrorBody>('/translation/translations', { target_language: 'de' }),
      'file_or_url',
      'file',
    ],
    [
      'both file and url',
      () =>
        api.form<ErrorBody>(
          '/translation/translations',
          fileForm(
            wav,
            'tone.wav',
            {
              target_language: 'de',
              url: 'https://example.org/a.mp3',
            },
            'audio/wav',
          ),
        ),
      'file_or_url',
      'url',
    ],
    [
      'no target_language',
      () =>
        api.form<ErrorBody>(
          '/translation/translations',
          fileForm(wav, 'tone.wav', {}, 'audio/wav'),
        ),
      'missing',
      'target_language',
    ],
    [
      'a target outside the 21 codes',
      () =>
        api.post<ErrorBody>('/translation/translations', {
          url: 'https://example.org/a.mp3',
          target_language: 'sw',
        }),
      'unsupported_language',
      'target_language',
    ],
    [
      'a source outside the 21 codes',
      () =>
        api.post<ErrorBody>('/translation/translations', {
          url: 'https://example.org/a.mp3',
          target_language: 'de',
          source_language: 'xx',
        }),
      'unsupported_language',
      'source_language',
    ],
    [
      'a file that is not audio or video',
      () =>
        api.form<ErrorBody>(
          '/translation/translations',
          fileForm(wav, 'notes.txt', { target_language: 'de' }, 'text/plain'),
        ),
      'bad_extension',
      'file',
    ],
    [
      'a url not starting with http(s)',
      () =>
        api.post<ErrorBody>('/translation/translations', {
          url: 'ftp://example.org/a.mp3',
          target_language: 'de',
        }),
      'malformed_url',
      'url',
    ],
    [
      'the same language on both sides',
      () =>
        api.post<ErrorBody>('/translation/translations', {
          url: 'https://example.org/a.mp3',
          target_language: 'de',
          source_language: 'DE',
        }),
      'same_language',
      'source_language',
    ],
  ];

  for (const [what, send, reason, field] of cases) {
    it(`${what}: 400 ${reason} on ${field}, nothing stored or charged`, async () => {
      const before = await balance();
      const res = await send();
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.reason).toBe(reason);
      expect(res.body.fields?.[0]?.loc).toEqual(['body', field]);
      expect(await balance()).toBe(before);
      expect(filesStored()).toBe(baseline);
      expect((await api.get<{ total: number }>('/translation/translations')).body.total).toBe(0);
    });
  }

  it('a combination the installed packs cannot do: 400 naming each stage and its pack', async () => {
    const before = await balance();
    const res = await api.form<ErrorBody>(
      '/translation/translations',
      fileForm(wav, 'tone.wav', { target_language: 'de', source_language: 'en' }, 'audio/wav'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.reason).toBe('unsupported_combination');
    const stages = res.body.problems?.map((p) => p.stage) ?? [];
    expect(stages).toContain('recognition');
    expect(stages).toContain('translation');
    // eSpeak NG speaks German: the speech stage is not a problem.
    expect(stages).not.toContain('speech');
    for (const p of res.body.problems ?? []) expect(p.reason).toBe('pack_not_installed');
    expect(typeof res.body.pack).toBe('string');
    expect(res.body.detail).not.toMatch(/models\/|manifest|TAPEHOUSE_/);
    expect(await balance()).toBe(before);
    expect(filesStored()).toBe(baseline);
  });
});

describe('GET /translation/languages', () => {
  it('lists the 21 codes with what this machine can do with each', async () => {
    const res = await api.get<Languages>('/translation/languages');
    expect(res.status).toBe(200);
    expect(res.body.languages.map((l) => l.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'pl',
      'tr',
      'ru',
      'nl',
      'cs',
      'ar',
      'zh-cn',
      'ja',
      'hu',
      'ko',
      'hi',
      'ka',
      'te',
      'ml',
      'ta',
    ]);
    const de = res.body.languages.find((l) => l.code === 'de');
    expect(de?.name).toBe('German');
    expect(de?.recognition).toEqual({ supported: true, installed: false });
    expect(de?.translation.into).toBe(false);
    expect(de?.catalog_voice.available).toBe(true);
    expect(res.body.separation.tier).toBe('dsp');
    expect(res.body.pair).toBeNull();
  });

  it('says why a pair cannot run, and refuses a code outside the 21', async () => {
    const pair = await api.get<Languages>('/translation/languages?source=en&target=fr');
    expect(pair.status).toBe(200);
    expect(pair.body.pair?.possible).toBe(false);
    expect(pair.body.pair?.problems.map((p) => p.stage).sort()).toEqual([
      'recognition',
      'translation',
    ]);
    const bad = await api.get<ErrorBody>('/translation/languages?target=klingon');
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('unsupported_language');
  });
});

describe('a translation that does not exist', () => {
  it('is 404 on get, retry, transcript, edit and delete', async () => {
    expect((await api.get('/translation/translations/999')).status).toBe(404);
    expect((await api.post('/translation/translations/999/retry')).status).toBe(404);
    expect((await api.get('/translation/translations/999/transcript')).status).toBe(404);
    expect((await api.delete('/translation/translations/999')).status).toBe(404);
    const edit = await fetch(`${engine.api}/translation/translations/999/segments/0`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${engine.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ translation: 'Hallo.' }),
    });
    expect(edit.status).toBe(404);
  });
});
