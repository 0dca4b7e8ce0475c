// Voice design through the whole engine (docs/api/voices-custom.md, "Voice design") with the
// embedded eSpeak NG engine: previews of different descriptions differ measurably (pitch and
// pace measured on the downloaded audio), the same seed gives byte-identical audio, the
// language comes from the description, previews are charged 250 credits each and publishing is
// free, and a published voice speaks everywhere a voice id works.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, type Ffmpeg } from '../../engine/src/audio/index.ts';
import { measureVoice } from '../../engine/src/features/voices/analysis/pitch-track.ts';
import { client, type Client } from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

interface Preview {
  preview_id: string;
  audio_url: string;
  duration: number;
  voice: { engine: string; variant: string; pitch: number; rate: number; gender: string | null };
}
interface Design {
  previews: Preview[];
  credits_charged: number;
  language: string;
  language_source: string;
  seed: number;
  parameters: {
    gender: string | null;
    age: string | null;
    pitch: string;
    pace: string;
    accent: string | null;
  };
}

const temp = makeTempDir('tapehouse-design-');
let engine: TestEngine;
let api: Client;
let ffmpeg: Ffmpeg;

const OLD_MAN =
  'A deep, slow-speaking old man with a gravelly voice and a Scottish accent, like a storyteller.';
const YOUNG_WOMAN =
  'A bright young woman who talks fast and cheerfully, with a high-pitched voice.';
const TEXT = 'The lighthouse keeper climbed the stairs one last time before the storm.';

async function design(body: Record<string, unknown>) {
  return api.post<Design & { code?: string }>('/voice/design', body);
}

async function download(url: string): Promise<{ bytes: Buffer; f0: number; seconds: number }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(temp.dir, `${createHash('sha1').update(bytes).digest('hex')}.mp3`);
  fs.writeFileSync(file, bytes);
  const pcm = await decodeAudio(ffmpeg, file, { channels: 1 });
  const m = measureVoice(pcm.samples, pcm.sampleRate);
  return { bytes, f0: m.f0, seconds: m.seconds };
}

async function balance(): Promise<number> {
  return (await api.get<{ total_available_credits: number }>('/credits')).body
    .total_available_credits;
}

beforeAll(async () => {
  engine = await startEngine({ home: path.join(temp.dir, 'home') });
  api = client(engine, engine.token);
  ffmpeg = await engine.engine.services.ffmpeg.require();
});

afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

describe('voice design', () => {
  it('turns a description into parameters and previews, 250 credits each', async () => {
    const before = await balance();
    const res = await design({
      design_prompt: OLD_MAN,
      preview_text: TEXT,
      num_samples: 2,
      seed: 7,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.parameters).toMatchObject({
      gender: 'male',
      age: 'senior',
      pitch: 'low',
      pace: 'slow',
      accent: 'en-GB-scotland',
    });
    expect(res.body.language).toBe('en-GB-scotland');
    expect(res.body.previews).toHaveLength(2);
    expect(res.body.credits_charged).toBe(500);
    expect(await balance()).toBe(before - 500);
    const [a, b] = res.body.previews;
    expect(a?.voice.variant).not.toBe(b?.voice.variant);
    expect(a?.voice.gender).toBe('male');
  });

  it('gives the same audio for the same seed, byte for byte', async () => {
    const body = { design_prompt: OLD_MAN, preview_text: TEXT, num_samples: 1, seed: 1234 };
    const first = await design(body);
    const second = await design(body);
    const [a, b] = [first.body.previews[0], second.body.previews[0]];
    expect(a?.preview_id).not.toBe(b?.preview_id);
    const [x, y] = [await download(a?.audio_url ?? ''), await download(b?.audio_url ?? '')];
    expect(x.bytes.equals(y.bytes)).toBe(true);
    const other = await design({ ...body, seed: 99 });
    expect(other.body.previews[0]?.voice).not.toEqual(a?.voice);
  });

  it('makes previews that differ measurably for different descriptions', async () => {
    const man = await design({
      design_prompt: OLD_MAN,
      preview_text: TEXT,
      num_samples: 1,
      seed: 5,
    });
    const woman = await design({
      design_prompt: YOUNG_WOMAN,
      preview_text: TEXT,
      num_samples: 1,
      seed: 5,
    });
    expect(woman.body.parameters).toMatchObject({ gender: 'female', age: 'young', pace: 'fast' });
    const low = await download(man.body.previews[0]?.audio_url ?? '');
    const high = await download(woman.body.previews[0]?.audio_url ?? '');
    // A deep old man against a high young woman: well over an octave's worth of difference
    // is not needed; 1.6× in F0 and a clearly faster delivery are.
    expect(high.f0 / low.f0).toBeGreaterThan(1.6);
    expect(low.seconds / high.seconds).toBeGreaterThan(1.15);
  });

  it('detects the language from the description when none is given', async () => {
    const res = await design({
      design_prompt: 'Eine ruhige, tiefe Männerstimme, die langsam und sehr deutlich spricht.',
      num_samples: 1,
      seed: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ language: 'de', language_source: 'written_language' });
    expect(res.body.parameters).toMatchObject({ gender: 'male', pitch: 'low', pace: 'slow' });
    const named = await design({
      design_prompt: 'A cheerful narrator who speaks French, clear and warm, at a brisk pace.',
      num_samples: 1,
      seed: 3,
    });
    expect(named.body).toMatchObject({ language: 'fr-FR', language_source: 'description' });
  });

  it('checks the request before charging', async () => {
    const before = await balance();
    expect((await design({ design_prompt: 'too short' })).status).toBe(400);
    expect((await design({ design_prompt: OLD_MAN, num_samples: 4 })).status).toBe(400);
    expect((await design({ design_prompt: OLD_MAN, preview_text: 'short' })).status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('publishes a preview as a custom voice (free) that speaks by id and by name', async () => {
    const res = await design({ design_prompt: YOUNG_WOMAN, num_samples: 1, seed: 11 });
    const before = await balance();
    const published = await api.post<{
      id: number;
      status: string;
      kind: string;
      file_path: string;
    }>('/voice/design/publish', { preview_id: res.body.previews[0]?.preview_id, name: 'Zoe' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body).toMatchObject({ status: 'COMPLETED', kind: 'design' });
    expect(fs.existsSync(path.join(engine.home, published.body.file_path))).toBe(true);
    expect(await balance()).toBe(before);
    for (const voice of [published.body.id, 'zoe']) {
      const speech = await fetch(`${engine.api}/audio/speech`, {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: 'I am new here.', voice, response_format: 'wav' }),
      });
      expect(speech.status).toBe(200);
    }
    const mine = await api.get<{ voices: { name: string; category: string }[] }>(
      '/voice/voice-profiles?voice_type=CUSTOM',
    );
    expect(mine.body.voices).toContainEqual(
      expect.objectContaining({ name: 'Zoe', category: 'custom' }),
    );
    expect(
      (await api.post('/voice/design/publish', { preview_id: crypto.randomUUID(), name: 'x' }))
        .status,
    ).toBe(404);
  });

  it('is a paid-tier feature: a basic Local plan answers 402 PREMIUM_TIER_REQUIRED', async () => {
    const plan = await fetch(`${engine.api}/local/plan`, {
      method: 'PUT',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ stems_tier: 'basic' }),
    });
    expect(plan.status).toBe(200);
    const res = await design({ design_prompt: OLD_MAN });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PREMIUM_TIER_REQUIRED');
    await fetch(`${engine.api}/local/plan`, {
      method: 'PUT',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ stems_tier: 'pro' }),
    });
  });
});
