import { describe, expect, it } from 'vitest';
import { buildCharacters } from './characters.ts';
import { tieKinWords, withKinTies } from './kin-ties.ts';
import { lexiconFor } from './lexicon.ts';

const lex = lexiconFor('en');

function index(names: string[]) {
  return buildCharacters({
    forms: names.map((name) => ({ name, spoken: 1, seen: 1 })),
    lex,
    aliases: [],
    textGender: () => null,
  });
}

describe('tieKinWords', () => {
  it('ties "aunt" to the character named with it', () => {
    const ties = tieKinWords(index(['Aunt Polly', 'Tom']), [], lex);
    expect(ties.get('aunt')?.name).toBe('Aunt Polly');
    expect(ties.has('uncle')).toBe(false);
  });

  it('ties "uncle" through a vocative to the one character of that first name', () => {
    const ties = tieKinWords(index(['John Linden', 'Florence']), ['Uncle John'], lex);
    expect(ties.get('uncle')?.name).toBe('John Linden');
  });

  it('ties nothing when the names lead to two characters, or to none', () => {
    const two = index(['John Linden', 'Tom Bell']);
    expect(tieKinWords(two, ['Uncle John', 'Uncle Tom'], lex).has('uncle')).toBe(false);
    expect(tieKinWords(index(['Florence']), ['Aunt Juley'], lex).has('aunt')).toBe(false);
  });

  it('lets the index read a bare kin word as the tied character', () => {
    const base = index(['Aunt Polly', 'Tom']);
    const reader = withKinTies(base, tieKinWords(base, [], lex));
    expect(reader.of('aunt')?.name).toBe('Aunt Polly');
    expect(reader.of('Aunt')?.name).toBe('Aunt Polly');
    expect(reader.of('Tom')?.name).toBe('Tom');
  });
});
