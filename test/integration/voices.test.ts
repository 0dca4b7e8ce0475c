// The voice routes against a real engine (docs/api/voices.md): the catalog with its filters and
// pagination, stable integer ids across restarts, status and 404, previews generated once with
// the embedded engine and served through a signed URL, the audiobook's voices by locale and
// languages, and the honest 503 for voice cloning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../engine/src/audio/index.ts';
import { authed, startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import fs from 'node:fs';
import path from 'node:path';

interface VoiceEntry {
  voice_id: string;
  id: number;
  uuid: string;
  slug: string;
  name: string;
  language: string;
  supported_languages: string[];
  voice_type: string;
  preview_url: string;
  tier: string;
  engine: string;
}
interface VoiceList {
  voices: VoiceEntry[];
  total: number;
  hasMore: boolean;
  filters_applied: Record<string, unknown>;
}

let engine: TestEngine;
const temp = makeTempDir();

async function get<T>(route: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${engine.api}${route}`, authed(engine.token));
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  engine = await startEngine({ home: temp.dir });
});
afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

describe('voice catalog', () => {
  it('lists standard voices with the contract fields, paginated at most 50', async () => {
    const { status, body } = await get<VoiceList>('/voice/voice-profiles');
    expect(status).toBe(200);
    expect(body.voices).toHaveLength(50);
    expect(body.total).toBeGreaterThanOrEqual(100);
    expect(body.hasMore).toBe(true);
    const first = body.voices[0];
    expect(first?.voice_id).toBe(String(first?.id));
    expect(first?.voice_type).toBe('STANDARD');
    expect(first?.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const last = await get<VoiceList>(`/voice/voice-profiles?skip=${body.total - 3}&limit=10`);
    expect(last.body.voices).toHaveLength(3);
    expect(last.body.hasMore).toBe(false);
    expect((await get('/voice/voice-profiles?limit=51')).status).toBe(400);
  });

  it('filters by language, search and type', async () => {
    const fr = await get<VoiceList>('/voice/voice-profiles?language=fr-FR&limit=50');
    expect(fr.body.total).toBeGreaterThan(0);
    for (const v of fr.body.voices) {
      const langs = [v.language, ...v.supported_languages].map(
        (l) => l.toLowerCase().split('-')[0],
      );
      expect(langs).toContain('fr');
    }
    expect(fr.body.filters_applied.language).toBe('fr-FR');
    const found = await get<VoiceList>('/voice/voice-profiles?search=welsh');
    expect(found.body.voices.map((v) => v.slug)).toContain('cy');
    const custom = await get<VoiceList>('/voice/voice-profiles?voice_type=CUSTOM');
    expect(custom.body.total).toBe(0);
    expect((await get('/voice/voice-profiles?language=not a tag')).status).toBe(400);
  });

  it('gives every voice a stable id: same ids after a restart of the engine', async () => {
    const before = (await get<VoiceList>('/voice/voice-profiles?search=english')).body.voices;
    await engine.stop();
    engine = await startEngine({ home: temp.dir });
    const after = (await get<VoiceList>('/voice/voice-profiles?search=english')).body.voices;
    expect(after.map((v) => [v.slug, v.id])).toEqual(before.map((v) => [v.slug, v.id]));
  });

  it('answers status for a voice and voice_not_found for an unknown id', async () => {
    const { body } = await get<VoiceList>('/voice/voice-profiles?search=en-us');
    const voice = body.voices.find((v) => v.slug === 'en-us');
    expect(voice).toBeDefined();
    const status = await get<{ status: string; id: number }>(`/voice/voices/${voice?.id}/status`);
    expect(status.body).toMatchObject({ status: 'COMPLETED', id: voice?.id });
    const missing = await get<{ code: string }>('/voice/voices/12345/status');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('voice_not_found');
  });

  it('lists character presets on request and speaks one by slug and by id', async () => {
    const plain = await get<VoiceList>('/voice/voice-profiles?search=english%20(america)');
    expect(plain.body.voices.every((v) => !v.slug.includes('+'))).toBe(true);
    const { body } = await get<VoiceList & { voices: (VoiceEntry & { category: string })[] }>(
      '/voice/voice-profiles?search=english%20(america),&include_variants=true&limit=50',
    );
    expect(body.total).toBe(43);
    const brisk = body.voices.find((v) => v.slug === 'en-us+m3');
    expect(brisk).toMatchObject({ category: 'variant', gender: 'male', age_range: 'adult' });
    const status = await get<{ status: string; slug: string }>(`/voice/voices/${brisk?.id}/status`);
    expect(status.body).toMatchObject({ status: 'COMPLETED', slug: 'en-us+m3' });
    for (const voice of ['en-us+f3', brisk?.id]) {
      const res = await fetch(
        `${engine.api}/audio/speech`,
        authed(engine.token, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ input: 'Hello there.', voice, response_format: 'wav' }),
        }),
      );
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
    const languages = await get<{ languages: { code: string; variant_count: number }[] }>(
      '/audiobook/voices/languages',
    );
    expect(languages.body.languages.find((l) => l.code === 'de')?.variant_count).toBe(43);
  });

  it('lists public slugs', async () => {
    const { body } = await get<{ voices: string[]; total: number }>('/voice/public-voice-profiles');
    expect(body.voices).toContain('en-us');
    expect(body.total).toBe(body.voices.length);
  });
});

describe('voice previews', () => {
  it('generates a preview once, caches it, and serves it through a signed URL', async () => {
    const { body } = await get<VoiceList>('/voice/voice-profiles?search=en-us');
    const voice = body.voices.find((v) => v.slug === 'en-us');
    const route = `/voice/voice-profiles/${voice?.id}/preview`;
    const none = await get<{ code: string }>(`${route}?generate_if_missing=false`);
    expect(none.status).toBe(404);
    const first = await get<{ audio_url: string; duration: number; cached: boolean }>(route);
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    expect(first.body.duration).toBeGreaterThan(2);
    const second = await get<{ audio_url: string; cached: boolean }>(
      `/voice/voice-profiles/${voice?.uuid}/preview`,
    );
    expect(second.body.cached).toBe(true);
    // The signed URL needs no credential; the bytes decode to about the stated duration.
    const res = await fetch(first.body.audio_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('audio/mpeg');
    const file = path.join(temp.dir, 'preview-check.mp3');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const pcm = await decodeAudio(await engine.engine.services.ffmpeg.require(), file);
    expect(Math.abs(pcm.samples.length / pcm.sampleRate - first.body.duration)).toBeLessThan(0.2);
    const tampered = first.body.audio_url.replace(/signature=./, 'signature=Z');
    expect((await fetch(tampered)).status).toBe(403);
  });
});

describe('audiobook voices', () => {
  it('filters available voices by locale, best fit first', async () => {
    const { body } = await get<{ voices: VoiceEntry[]; total: number; language: string }>(
      '/audiobook/voices/available?language=en-GB',
    );
    expect(body.language).toBe('en-GB');
    const best = body.voices[0];
    expect([best?.language, ...(best?.supported_languages ?? [])]).toContain('en-GB');
    expect(
      body.voices.every(
        (v) => v.language.startsWith('en') || v.supported_languages.some((l) => l.startsWith('en')),
      ),
    ).toBe(true);
  });

  it('lists languages with names and counts', async () => {
    const { body } = await get<{
      languages: { code: string; name: string; voice_count: number }[];
      total: number;
    }>('/audiobook/voices/languages');
    expect(body.total).toBeGreaterThanOrEqual(100);
    const german = body.languages.find((l) => l.code === 'de');
    expect(german?.name).toBe('German');
    expect(german?.voice_count).toBeGreaterThanOrEqual(1);
  });
});

describe('custom voices', () => {
  it('answers 503 model_not_installed for cloning, never a fake voice', async () => {
    const res = await fetch(
      `${engine.api}/voice/voice-clone`,
      authed(engine.token, { method: 'POST' }),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('model_not_installed');
  });
});
