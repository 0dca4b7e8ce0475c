// The OpenAI-compatible speech routes through the official `openai` SDK, against a real engine
// with the embedded eSpeak NG engine and the real ffmpeg (docs/api/openai-compat.md): every
// response_format decodes to plausible speech, voice and speed errors raise the SDK's typed
// exceptions, and a successful request is charged per character while a failed one is not.
import fs from 'node:fs';
import path from 'node:path';
import OpenAI, { BadRequestError, NotFoundError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, type Ffmpeg, type PcmAudio } from '../../engine/src/audio/index.ts';
import { measureVoice } from '../../engine/src/features/voices/analysis/pitch-track.ts';
import { postJson, bearer, registerUser, type TestUser } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

/** 30 words. */
const SENTENCE =
  'The quick brown fox jumps over the lazy dog while the old farmer watches from the porch, ' +
  'sipping his coffee and thinking about the long winter that lies ahead of them.';
const WORDS = SENTENCE.split(/\s+/).length;

let engine: TestEngine;
let user: TestUser;
let client: OpenAI;
let ffmpeg: Ffmpeg;
const temp = makeTempDir();

function rmsDb(samples: Float32Array | Int16Array, scale: number): number {
  let sum = 0;
  for (const s of samples) sum += (s / scale) ** 2;
  return 10 * Math.log10(sum / Math.max(1, samples.length));
}

async function speak(body: {
  voice: string;
  response_format?: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';
  speed?: number;
  input?: string;
}): Promise<Buffer> {
  const res = await client.audio.speech.create({ model: 'tts-1', input: SENTENCE, ...body });
  return Buffer.from(await res.arrayBuffer());
}

async function decode(bytes: Buffer, ext: string): Promise<PcmAudio> {
  const file = path.join(temp.dir, `${Math.random().toString(36).slice(2)}.${ext}`);
  fs.writeFileSync(file, bytes);
  return decodeAudio(ffmpeg, file);
}

function medianF0(audio: PcmAudio): number {
  return measureVoice(audio.samples, audio.sampleRate).f0;
}

async function creditsBalance(): Promise<number> {
  const res = await fetch(`${engine.api}/credits`, { headers: bearer(user.tokens.access_token) });
  const body = (await res.json()) as { credits_balance: number };
  return body.credits_balance;
}

beforeAll(async () => {
  engine = await startEngine();
  ffmpeg = await engine.engine.services.ffmpeg.require();
  user = await registerUser(engine);
  const key = await postJson(
    engine,
    '/auth/api-keys',
    { name: 'openai sdk', scopes: ['speech:write', 'speech:read'] },
    bearer(user.tokens.access_token),
  );
  expect(key.status).toBe(201);
  const { api_key } = (await key.json()) as { api_key: string };
  client = new OpenAI({ baseURL: `${engine.url}/v1`, apiKey: api_key, maxRetries: 0 });
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  temp.cleanup();
});

describe('POST /v1/audio/speech through the openai SDK', () => {
  for (const format of ['mp3', 'opus', 'aac', 'flac', 'wav'] as const) {
    it(`returns decodable, audible speech as ${format}`, async () => {
      const audio = await decode(await speak({ voice: 'en-us', response_format: format }), format);
      const seconds = audio.samples.length / audio.channels / audio.sampleRate;
      const wpm = WORDS / (seconds / 60);
      expect(wpm).toBeGreaterThan(120);
      expect(wpm).toBeLessThan(220);
      expect(rmsDb(audio.samples, 1)).toBeGreaterThan(-40);
    }, 30_000);
  }

  it('returns raw 24 kHz 16-bit little-endian mono as pcm', async () => {
    const bytes = await speak({ voice: 'en-us', response_format: 'pcm' });
    expect(bytes.length % 2).toBe(0);
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    const wpm = WORDS / (samples.length / 24_000 / 60);
    expect(wpm).toBeGreaterThan(120);
    expect(wpm).toBeLessThan(220);
    expect(rmsDb(samples, 32768)).toBeGreaterThan(-40);
    // The same speech as wav at 24 kHz, give or take the resampler's edges.
    const wav = await decode(await speak({ voice: 'en-us', response_format: 'wav' }), 'wav');
    const wavSeconds = wav.samples.length / wav.sampleRate;
    expect(Math.abs(samples.length / 24_000 - wavSeconds)).toBeLessThan(0.05);
  }, 30_000);

  it('speed 2.0 roughly halves the duration', async () => {
    const normal = await decode(await speak({ voice: 'en-us', response_format: 'wav' }), 'wav');
    const fast = await decode(
      await speak({ voice: 'en-us', response_format: 'wav', speed: 2 }),
      'wav',
    );
    const ratio =
      fast.samples.length / fast.sampleRate / (normal.samples.length / normal.sampleRate);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.65);
  }, 30_000);

  it('takes a voice by integer id and speaks other languages', async () => {
    const voices = engine.engine.services.voices.catalog.list();
    expect(voices.length).toBeGreaterThanOrEqual(100);
    const french = voices.find((v) => v.language === 'fr');
    expect(french).toBeDefined();
    const audio = await decode(
      await speak({
        voice: String(french?.id),
        response_format: 'wav',
        input: 'Bonjour, comment allez-vous aujourd’hui ?',
      }),
      'wav',
    );
    expect(rmsDb(audio.samples, 1)).toBeGreaterThan(-40);
  }, 30_000);

  it('takes OpenAI’s voice names: alloy, onyx and the rest speak with local voices', async () => {
    const alloy = await decode(await speak({ voice: 'alloy', response_format: 'wav' }), 'wav');
    expect(rmsDb(alloy.samples, 1)).toBeGreaterThan(-40);
    const onyx = await decode(await speak({ voice: 'onyx', response_format: 'wav' }), 'wav');
    // onyx (deep man) and alloy (a woman) are different local voices: different pitch.
    expect(medianF0(onyx)).toBeLessThan(medianF0(alloy) * 0.75);
    for (const voice of [
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'nova',
      'sage',
      'shimmer',
      'verse',
    ]) {
      const res = await fetch(`${engine.url}/v1/audio/speech`, {
        method: 'POST',
        headers: bearer(user.tokens.access_token, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({
          input: 'Hello.',
          voice: voice.toUpperCase(),
          response_format: 'wav',
        }),
      });
      expect(res.status, voice).toBe(200);
    }
  }, 60_000);

  it('takes a display name, in any case, as the voice', async () => {
    const audio = await decode(
      await speak({
        voice: 'english (great britain)',
        response_format: 'wav',
        input: 'Hello there.',
      }),
      'wav',
    );
    expect(rmsDb(audio.samples, 1)).toBeGreaterThan(-40);
  });

  it('an unknown voice raises NotFoundError (404 voice_not_found, param voice)', async () => {
    const error: unknown = await speak({ voice: 'no-such-voice' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const e = error as NotFoundError;
    expect(e.status).toBe(404);
    expect(e.code).toBe('voice_not_found');
    expect(e.param).toBe('voice');
  });

  it('a speed out of range raises BadRequestError with param speed', async () => {
    const error: unknown = await speak({ voice: 'en-us', speed: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).param).toBe('speed');
  });

  it('an unknown response_format is a 400 with param response_format', async () => {
    const res = await fetch(`${engine.url}/v1/audio/speech`, {
      method: 'POST',
      headers: bearer(user.tokens.access_token, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ input: 'hi', voice: 'en-us', response_format: 'ogg' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { param: string; type: string } };
    expect(body.error.param).toBe('response_format');
    expect(body.error.type).toBe('invalid_request_error');
  });

  it('charges one credit per character on success and nothing on failure', async () => {
    const before = await creditsBalance();
    await speak({ voice: 'en-us', response_format: 'wav', input: 'Hello there.' });
    expect(await creditsBalance()).toBe(before - 'Hello there.'.length);
    await speak({ voice: 'nobody', input: 'Hello there.' }).catch(() => undefined);
    expect(await creditsBalance()).toBe(before - 'Hello there.'.length);
  }, 30_000);
});

describe('GET /v1/models', () => {
  it('lists the embedded engine in OpenAI shape', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toContain('tapehouse-espeak');
    expect(page.data[0]?.object).toBe('model');
  });

  it('is also served under /api/v1 with the studio token', async () => {
    const res = await fetch(`${engine.api}/models`, { headers: bearer(engine.token) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { object: string }).object).toBe('list');
  });
});
