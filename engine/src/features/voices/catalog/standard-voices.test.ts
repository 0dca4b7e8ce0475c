import { describe, expect, it } from 'vitest';
import { ESPEAK_VOICES } from '../engines/espeak/espeak-voices.ts';
import { espeakRate } from '../engines/espeak/espeak-engine.ts';
import { StandardVoices, stableVoiceId } from './standard-voices.ts';

describe('standard voices', () => {
  const voices = new StandardVoices();

  it('matches the voices the installed eSpeak NG package lists', async () => {
    const mod = await import('@echogarden/espeak-ng-emscripten');
    const worker = new (await mod.default()).eSpeakNGWorker();
    const listed = worker
      .list_voices()
      .map((v) => v.identifier)
      .sort();
    expect(listed).toEqual(ESPEAK_VOICES.map((v) => v.identifier));
  });

  it('covers 100+ languages with unique ids and names', () => {
    expect(new Set(voices.list().map((v) => v.language.split('-')[0])).size).toBeGreaterThan(100);
    expect(new Set(voices.list().map((v) => v.id)).size).toBe(ESPEAK_VOICES.length);
  });

  it('keeps ids stable: they depend on the eSpeak identifier only', () => {
    // Pinned: changing the derivation would renumber every stored voice id.
    expect(stableVoiceId('espeak:gmw/en-US')).toBe(ENGLISH_US_ID);
    expect(voices.resolve('en-us')?.id).toBe(ENGLISH_US_ID);
    expect(new StandardVoices(ESPEAK_VOICES.slice(10)).resolve('en-us')?.id).toBe(ENGLISH_US_ID);
  });

  it('resolves a voice by name, identifier or id, in any case', () => {
    expect(voices.resolve('EN-US')?.engineVoice).toBe('gmw/en-US');
    expect(voices.resolve('gmw/en-US')?.name).toBe('en-us');
    expect(voices.resolve(String(ENGLISH_US_ID))?.name).toBe('en-us');
    expect(voices.resolve(ENGLISH_US_ID)?.language).toBe('en-US');
    expect(voices.resolve('alloy')).toBeNull();
  });
});

describe('espeakRate', () => {
  it('maps speed to words per minute within eSpeak NG’s 80–450', () => {
    expect(espeakRate(1)).toBe(140);
    expect(espeakRate(2)).toBe(280);
    expect(espeakRate(0.5)).toBe(80);
    expect(espeakRate(0.25)).toBe(80);
    expect(espeakRate(4)).toBe(450);
  });
});

const ENGLISH_US_ID = 1_393_691_808;
