import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../../errors.ts';
import {
  buildCastMembers,
  namedSpeakerCount,
  validateAlias,
  type CastParagraph,
} from './cast-members.ts';

const line = (
  character_name: string | null,
  text = `line of ${character_name ?? 'narrator'}`,
  voice_id: number | null = null,
  skip_narration = false,
): CastParagraph => ({ character_name, text, voice_id, skip_narration });

const build = (
  paragraphs: CastParagraph[],
  extra: Partial<Parameters<typeof buildCastMembers>[0]> = {},
) =>
  buildCastMembers({
    paragraphs,
    aliases: [],
    castVoices: new Map(),
    multiVoice: false,
    projectVoiceId: 100,
    ...extra,
  });

describe('buildCastMembers', () => {
  it('puts the narrator first, then characters by line count', () => {
    const members = build([
      line('Jane'),
      line(null),
      line('Elizabeth'),
      line('Elizabeth'),
      line(''),
      line('Darcy'),
      line('Elizabeth'),
      line('Darcy'),
    ]);
    expect(members.map((m) => [m.character_name, m.paragraph_count])).toEqual([
      [null, 2],
      ['Elizabeth', 3],
      ['Darcy', 2],
      ['Jane', 1],
    ]);
    expect(members[0]).toMatchObject({ is_narrator: true, voice_id: 100, alias_of: null });
    expect(namedSpeakerCount(members)).toBe(3);
  });

  it('keeps the narrator bucket when every line has a speaker', () => {
    const members = build([line('Jane')]);
    expect(members[0]).toMatchObject({
      character_name: null,
      is_narrator: true,
      paragraph_count: 0,
    });
  });

  it('groups names case-insensitively under the first spelling', () => {
    const members = build([line('Mr. Darcy'), line('MR. DARCY'), line('mr.  darcy')]);
    expect(members.slice(1).map((m) => [m.character_name, m.paragraph_count])).toEqual([
      ['Mr. Darcy', 3],
    ]);
  });

  it('does not count skip_narration lines', () => {
    const members = build([
      line('Jane'),
      line('Jane', 'x', null, true),
      line(null, 'n', null, true),
    ]);
    expect(members.map((m) => m.paragraph_count)).toEqual([0, 1]);
  });

  it('keeps a merged alias as its own entry, not counted in the main speaker', () => {
    const members = build([line('Elizabeth'), line('Lizzy'), line('Lizzy'), line('Eliza')], {
      aliases: [
        { name: 'Lizzy', alias_of: 'Elizabeth' },
        { name: 'Eliza', alias_of: 'elizabeth' },
      ],
      multiVoice: true,
      castVoices: new Map([['Elizabeth', 7]]),
    });
    const byName = new Map(members.map((m) => [m.character_name, m]));
    expect(byName.get('Elizabeth')).toMatchObject({
      paragraph_count: 1,
      alias_of: null,
      voice_id: 7,
      aliases: ['Lizzy', 'Eliza'],
    });
    expect(byName.get('Lizzy')).toMatchObject({
      paragraph_count: 2,
      alias_of: 'Elizabeth',
      voice_id: 7,
    });
    expect(byName.get('Eliza')).toMatchObject({
      paragraph_count: 1,
      alias_of: 'Elizabeth',
      voice_id: 7,
    });
    expect(members.map((m) => m.character_name)).toEqual([null, 'Lizzy', 'Eliza', 'Elizabeth']);
    expect(namedSpeakerCount(members)).toBe(1);
  });

  it('shows an alias and its main speaker even before any line carries them', () => {
    const members = build([], { aliases: [{ name: 'Lizzy', alias_of: 'Elizabeth' }] });
    expect(members.map((m) => [m.character_name, m.paragraph_count, m.alias_of])).toEqual([
      [null, 0, null],
      ['Elizabeth', 0, null],
      ['Lizzy', 0, 'Elizabeth'],
    ]);
  });

  it('with character voices off shows the voice most lines carry', () => {
    const members = build([
      line('Jane', 'a', 3),
      line('Jane', 'b', 4),
      line('Jane', 'c', 4),
      line('Jane', 'd', null),
      line('Kitty', 'e', null),
      line('Lydia', 'f', 9),
      line('Lydia', 'g', 8),
    ]);
    const voice = new Map(members.map((m) => [m.character_name, m.voice_id]));
    expect(voice.get('Jane')).toBe(4);
    expect(voice.get('Kitty')).toBeNull();
    expect(voice.get('Lydia')).toBe(8); // a tie goes to the lowest id
  });

  it('with character voices on shows the cast voice (case-insensitive), or null', () => {
    const members = build([line('Jane', 'a', 3), line('Kitty')], {
      multiVoice: true,
      castVoices: new Map([['JANE', 11]]),
    });
    const voice = new Map(members.map((m) => [m.character_name, m.voice_id]));
    expect(voice.get('Jane')).toBe(11);
    expect(voice.get('Kitty')).toBeNull();
  });

  it('gives one sample line, the first counted one, shortened', () => {
    const long = 'word '.repeat(100);
    const members = build([line('Jane', 'skipped', null, true), line('Jane', long)]);
    const sample = members[1]?.sample_line ?? '';
    expect(sample.startsWith('word word')).toBe(true);
    expect(sample.length).toBeLessThanOrEqual(201);
    expect(sample.endsWith('…')).toBe(true);
  });
});

describe('validateAlias (rule 13)', () => {
  const code = (f: () => void): string | null => {
    try {
      f();
      return null;
    } catch (e) {
      return isAppError(e) ? `${e.status} ${String(e.details?.['reason'] ?? e.code)}` : 'other';
    }
  };
  const existing = [
    { name: 'Lizzy', alias_of: 'Elizabeth' },
    { name: 'Eliza', alias_of: 'Elizabeth' },
  ];

  it('refuses a name aliased onto itself, case-insensitively', () => {
    expect(code(() => validateAlias('Jane', 'jane', []))).toBe('400 self_alias');
  });

  it('refuses chains: onto an alias, or making a main speaker an alias', () => {
    expect(code(() => validateAlias('Liz', 'Lizzy', existing))).toBe('400 alias_chain');
    expect(code(() => validateAlias('Elizabeth', 'Jane', existing))).toBe('400 alias_chain');
  });

  it('refuses a cycle', () => {
    expect(
      code(() => validateAlias('Elizabeth', 'Lizzy', [{ name: 'Lizzy', alias_of: 'Elizabeth' }])),
    ).toBe('400 alias_cycle');
  });

  it('refuses empty and over-long names', () => {
    expect(code(() => validateAlias('  ', 'Jane', []))).toBe('400 validation_error');
    expect(code(() => validateAlias('x'.repeat(121), 'Jane', []))).toBe('400 validation_error');
    expect(code(() => validateAlias('Jane', 'x'.repeat(121), []))).toBe('400 validation_error');
  });

  it('allows a new alias, moving an alias, and removing one', () => {
    expect(code(() => validateAlias('Liz', 'Elizabeth', existing))).toBeNull();
    expect(code(() => validateAlias('Lizzy', 'Jane', existing))).toBeNull();
    expect(code(() => validateAlias('Lizzy', null, existing))).toBeNull();
    expect(code(() => validateAlias('Elizabeth', null, existing))).toBeNull();
  });
});
