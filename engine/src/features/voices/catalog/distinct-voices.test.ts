// Character presets in the catalog and the distinct-voice picker (pure: the catalog's data).
import { describe, expect, it } from 'vitest';
import { pickDistinctVoices, traitDistance, voiceTraits } from './distinct-voices.ts';
import { LocalVoiceCatalog } from './local-catalog.ts';
import { VARIANT_PRESETS } from './variant-presets.ts';

const catalog = new LocalVoiceCatalog();
const voices = catalog.list();
const EN_US = 1_393_691_808;

describe('character presets in the catalog', () => {
  it('gives every embedded voice every preset, with unique stable ids', () => {
    const embedded = voices.filter((v) => v.engine === 'espeak' && !v.variant);
    const variants = voices.filter((v) => v.variant);
    expect(variants).toHaveLength(embedded.length * VARIANT_PRESETS.length);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    expect(new Set(voices.map((v) => v.name)).size).toBe(voices.length);
    // Pinned: the id is FNV-1a of the preset key, so it never shifts.
    const m3 = catalog.resolve('en-us+m3');
    expect(m3).toMatchObject({
      engineVoice: 'gmw/en-US+m3',
      gender: 'male',
      age: 'adult',
      prosody: { pitch: 1, rate: 1.04 },
      variant: { baseId: EN_US, preset: 'm3' },
      key: 'espeak:gmw/en-US+m3;pitch=1;rate=1.04',
    });
    expect(m3?.id).toBe(M3_ID);
  });

  it('resolves presets by id, slug and display name, in any case', () => {
    expect(catalog.resolve(M3_ID)?.name).toBe('en-us+m3');
    expect(catalog.resolve('EN-US+F2')?.gender).toBe('female');
    expect(catalog.resolve('English (America), older woman')?.name).toBe('en-us+f1');
    expect(catalog.get('', M3_ID)?.name).toBe('en-us+m3');
  });
});

describe('pickDistinctVoices', () => {
  it('returns the asked number of voices of the language, never an excluded one', () => {
    const picks = pickDistinctVoices(voices, 'en-US', { count: 12, exclude: [EN_US] });
    expect(picks).toHaveLength(12);
    expect(picks.map((v) => v.id)).not.toContain(EN_US);
    for (const voice of picks) expect(voice.language.startsWith('en')).toBe(true);
    // Everything of the exact locale comes before other English accents while it lasts.
    expect(picks.every((v) => v.language === 'en-US')).toBe(true);
  });

  it('keeps every pair of picks, and each pick and the narrator, clearly apart', () => {
    const narrator = catalog.get('', EN_US);
    if (!narrator) throw new Error('en-us voice missing');
    const picks = pickDistinctVoices(voices, 'en-US', { count: 16, exclude: [EN_US] });
    const traits = [narrator, ...picks].map(voiceTraits);
    for (let i = 0; i < traits.length; i++)
      for (let j = i + 1; j < traits.length; j++) {
        const [a, b] = [traits[i], traits[j]];
        if (!a || !b) continue;
        expect(traitDistance(a, b), `${i} vs ${j}`).toBeGreaterThanOrEqual(1);
      }
  });

  it('honours gender and age, and ranks an age match first', () => {
    const women = pickDistinctVoices(voices, 'en-US', { count: 10, gender: 'female' });
    expect(women.every((v) => v.gender === 'female')).toBe(true);
    const old = pickDistinctVoices(voices, 'en-US', { count: 3, gender: 'male', age: 'senior' });
    expect(old.map((v) => v.age)).toEqual(['senior', 'senior', 'senior']);
    const kids = pickDistinctVoices(voices, 'de', { count: 10, age: 'child' });
    expect(kids.length).toBeGreaterThan(0);
    expect(kids.every((v) => v.age === 'child')).toBe(true);
  });

  it('is deterministic, and stops where the language runs out', () => {
    const a = pickDistinctVoices(voices, 'fr-FR', { count: 8 }).map((v) => v.id);
    const b = pickDistinctVoices(catalog.list(), 'fr-FR', { count: 8 }).map((v) => v.id);
    expect(a).toEqual(b);
    const all = pickDistinctVoices(voices, 'sw', { count: 1000 });
    expect(all.length).toBe(1 + VARIANT_PRESETS.length);
    expect(pickDistinctVoices(voices, 'xx', { count: 3 })).toEqual([]);
  });
});

const M3_ID = 159_322_799;
