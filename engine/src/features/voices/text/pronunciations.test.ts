import { describe, expect, it } from 'vitest';
import { MappedText } from './mapped-text.ts';
import { normalizeMapped } from './normalize.ts';
import {
  cleanIpa,
  phonemesAsWritten,
  PronunciationDictionary,
  type PronunciationEntry,
} from './pronunciations.ts';

const entry = (
  grapheme: string,
  replacement: string,
  extra: Partial<PronunciationEntry> = {},
): PronunciationEntry => ({
  grapheme,
  replacement,
  kind: 'respelling',
  caseSensitive: false,
  ...extra,
});

const apply = (entries: PronunciationEntry[], text: string): MappedText =>
  new PronunciationDictionary(entries).apply(MappedText.fromSource(text));

describe('pronunciation dictionary', () => {
  it('replaces whole words only, case-insensitively by default', () => {
    const out = apply([entry('Ron', 'Rahn')], "Ron met ron and Ronald; RON's hat.");
    expect(out.text).toBe("Rahn met Rahn and Ronald; Rahn's hat.");
  });

  it('honours case-sensitive entries and prefers them at equal length', () => {
    const entries = [entry('US', 'you ess', { caseSensitive: true }), entry('us', 'uhs')];
    expect(apply(entries, 'The US and us').text).toBe('The you ess and uhs');
    expect(apply([entry('US', 'you ess', { caseSensitive: true })], 'tell us').text).toBe(
      'tell us',
    );
  });

  it('takes the longest match first', () => {
    const entries = [
      entry('New York', 'noo york'),
      entry('New York City', 'the big apple'),
      entry('New', 'nyoo'),
    ];
    expect(apply(entries, 'New York City and New York and New Jersey').text).toBe(
      'the big apple and noo york and nyoo Jersey',
    );
  });

  it('matches graphemes with punctuation at their edges', () => {
    expect(apply([entry('C++', 'see plus plus')], 'I write C++ daily.').text).toBe(
      'I write see plus plus daily.',
    );
    expect(apply([entry('Dr. Who', 'Doctor Who')], 'Dr. Who is here.').text).toBe(
      'Doctor Who is here.',
    );
  });

  it('turns IPA entries into phoneme pieces that keep the written word', () => {
    const out = apply([entry('Hermione', '/hɜːˈmaɪ.ə.ni/', { kind: 'ipa' })], 'Hermione smiled.');
    expect(out.pieces[0]).toEqual({
      text: 'Hermione',
      start: 0,
      end: 8,
      kind: 'phonemes',
      phonemes: 'hɜːˈmaɪ.ə.ni',
    });
    expect(out.text).toBe('Hermione smiled.');
    expect(phonemesAsWritten(out).pieces[0]?.kind).toBe('spoken');
  });

  it('is applied before normalization, which never rewrites its output', () => {
    const dict = new PronunciationDictionary([entry('1984', 'nineteen eighty four, the novel')]);
    const mapped = normalizeMapped(dict.apply(MappedText.fromSource('I read 1984 in 1990.')), 'en');
    expect(mapped.text).toBe('I read nineteen eighty four, the novel in nineteen ninety.');
    const span = mapped.toOriginalSpan(mapped.text.indexOf('novel'), 5);
    expect(span).toEqual({ offset: 7, length: 4 });
  });

  it('ignores blank entries and counts the rest', () => {
    const dict = new PronunciationDictionary([
      entry(' ', 'x'),
      entry('a', ' '),
      entry('Zed', 'zee'),
    ]);
    expect(dict.size).toBe(1);
  });

  it('strips IPA delimiters', () => {
    expect(cleanIpa(' /ˈtɒm.ə.təʊ/ ')).toBe('ˈtɒm.ə.təʊ');
    expect(cleanIpa('[təˈmeɪtoʊ]')).toBe('təˈmeɪtoʊ');
  });

  it('handles a large dictionary', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => entry(`word${i}`, `w ${i}`));
    const text = Array.from({ length: 200 }, (_, i) => `word${i * 7}`).join(' ');
    const out = apply(entries, text);
    expect(out.text.startsWith('w 0 w 7 w 14')).toBe(true);
  });
});
