import { describe, expect, it } from 'vitest';
import { pickCastVoices, type CatalogVoice } from './cast-voice-pick.ts';

const v = (
  id: number,
  language: string,
  gender: CatalogVoice['gender'] = null,
  supportedLanguages: string[] = [],
): CatalogVoice => ({ id, language, gender, supportedLanguages });

const ch = (
  name: string,
  castVoiceId: number | null = null,
  genderHint: 'male' | 'female' | null = null,
) => ({
  name,
  castVoiceId,
  genderHint,
});

describe('pickCastVoices (rule 3)', () => {
  const catalog = [
    v(1, 'en-US', 'female'),
    v(2, 'en-US', 'male'),
    v(3, 'it-IT', 'male', ['en-US']),
    v(4, 'fr-FR', 'female', ['it-IT']),
    v(5, 'en-GB', 'female'),
    v(6, 'de-DE', 'male'),
  ];

  it('never takes the narrator voice or a voice another character has', () => {
    const picks = pickCastVoices({
      bookLanguage: 'en-US',
      narratorVoiceId: 1,
      characters: [ch('Elizabeth', 5), ch('Jane', null, 'female'), ch('Darcy', null, 'male')],
      catalog,
    });
    expect(picks.get('Elizabeth')).toBe(5);
    expect(picks.get('Jane')).not.toBe(1);
    expect(picks.get('Jane')).not.toBe(5);
    const values = [...picks.values()].filter((x) => x !== null);
    expect(new Set(values).size).toBe(values.length);
    expect(values).not.toContain(1);
  });

  it('prefers own language, then supported language, then the gender hint', () => {
    const picks = pickCastVoices({
      bookLanguage: 'en-US',
      narratorVoiceId: null,
      characters: [
        ch('A', null, 'male'),
        ch('B', null, 'female'),
        ch('C', null, 'female'),
        ch('D', null, 'male'),
      ],
      catalog,
    });
    // A: own-language male (2); B: own-language female, exact region first (1); C: the en-GB
    // female (5) before any voice that only supports English; D: the Italian voice that
    // supports English (3); nothing suits a fifth.
    expect([...picks]).toEqual([
      ['A', 2],
      ['B', 1],
      ['C', 5],
      ['D', 3],
    ]);
  });

  it('gives null when no suitable voice is left', () => {
    const picks = pickCastVoices({
      bookLanguage: 'it-IT',
      narratorVoiceId: 3,
      characters: [ch('Renzo', null, 'male'), ch('Lucia', null, 'female'), ch('Agnese')],
      catalog,
    });
    expect([...picks]).toEqual([
      ['Renzo', 4],
      ['Lucia', null],
      ['Agnese', null],
    ]);
  });

  it('ranks the gender hint below language and above region', () => {
    const picks = pickCastVoices({
      bookLanguage: 'en-US',
      narratorVoiceId: null,
      characters: [ch('X', null, 'male')],
      catalog: [
        v(10, 'en-GB', 'male'),
        v(11, 'en-US', 'female'),
        v(12, 'it-IT', 'male', ['en-US']),
      ],
    });
    expect(picks.get('X')).toBe(10);
  });

  it('is deterministic and does not depend on the catalog order', () => {
    const args = {
      bookLanguage: 'en-US',
      narratorVoiceId: 2,
      characters: [ch('A', null, 'female'), ch('B'), ch('C', null, 'male')],
      catalog,
    };
    const first = [...pickCastVoices(args)];
    expect([...pickCastVoices(args)]).toEqual(first);
    expect([...pickCastVoices({ ...args, catalog: [...catalog].reverse() })]).toEqual(first);
  });

  it('serves a name once, case-insensitively', () => {
    const picks = pickCastVoices({
      bookLanguage: 'en-US',
      narratorVoiceId: null,
      characters: [ch('Jane'), ch('JANE')],
      catalog,
    });
    expect([...picks]).toEqual([['Jane', 1]]);
  });

  it('leaves every character without a voice when the catalog is empty', () => {
    expect([
      ...pickCastVoices({
        bookLanguage: 'en',
        narratorVoiceId: null,
        characters: [ch('A')],
        catalog: [],
      }),
    ]).toEqual([['A', null]]);
  });
});
