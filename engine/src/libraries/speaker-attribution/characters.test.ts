import { describe, expect, it } from 'vitest';
import { buildCharacters, type Gender } from './characters.ts';
import { lexiconFor } from './lexicon.ts';

/** Forms ending in `*` speak (are the subject of a reporting clause). */
function group(
  names: string[],
  opts: { aliases?: { name: string; alias_of: string }[]; gender?: Record<string, Gender> } = {},
) {
  const index = buildCharacters({
    forms: names.map((n) => ({
      name: n.replace(/\*$/, ''),
      spoken: n.endsWith('*') ? 1 : 0,
      seen: 1,
    })),
    lex: lexiconFor('en'),
    aliases: opts.aliases ?? [],
    textGender: (key) => opts.gender?.[key] ?? null,
  });
  return index.characters
    .map((c) => [c.name, ...c.forms.filter((f) => f !== c.name).sort()].join(' = '))
    .sort();
}

describe('buildCharacters: name variants', () => {
  it('joins a bare surname with its one titled form (Utterson / Mr. Utterson)', () => {
    expect(group(['Mr. Utterson*', 'Utterson*', 'Mr. Utterson*'])).toEqual([
      'Mr. Utterson = Utterson',
    ]);
  });

  it('keeps Mr. and Mrs. Bennet apart, and a bare "Bingley" is Mr. Bingley, not his sister', () => {
    expect(group(['Mr. Bennet*', 'Mrs. Bennet*'])).toEqual(['Mr. Bennet', 'Mrs. Bennet']);
    expect(group(['Mr. Bingley*', 'Miss Bingley*', 'Bingley*'])).toEqual([
      'Miss Bingley',
      'Mr. Bingley = Bingley',
    ]);
  });

  it('joins first names and surnames with the full name (Holmes / Sherlock Holmes)', () => {
    expect(group(['Sherlock Holmes', 'Holmes*', 'Mr. Sherlock Holmes'])).toEqual([
      'Holmes = Mr. Sherlock Holmes = Sherlock Holmes',
    ]);
    expect(group(['Elizabeth*', 'Elizabeth*', 'Elizabeth Bennet', 'Miss Elizabeth*'])).toEqual([
      'Elizabeth = Elizabeth Bennet = Miss Elizabeth',
    ]);
  });

  it('joins "Mr. Holmes" to Sherlock Holmes only when the full name is known to be a man’s', () => {
    expect(
      group(['Sherlock Holmes', 'Mr. Holmes*'], { gender: { 'sherlock holmes': 'male' } }),
    ).toEqual(['Mr. Holmes = Sherlock Holmes']);
    expect(group(['Elizabeth Bennet', 'Mr. Bennet*'])).toEqual(['Elizabeth Bennet', 'Mr. Bennet']);
  });

  it('gives an ambiguous surname to the one of its bearers who speaks (Baskerville)', () => {
    // The Hound of the Baskervilles: Sir Charles is dead; "said Baskerville" is Sir Henry.
    expect(
      group(['Sir Henry Baskerville', 'Sir Charles Baskerville', 'Sir Henry*', 'Baskerville*']),
    ).toEqual(['Sir Charles Baskerville', 'Sir Henry = Baskerville = Sir Henry Baskerville']);
  });

  it('never reads a woman’s title with a surname as one of the daughters', () => {
    expect(group(['Miss Bennet*', 'Miss Lydia Bennet', 'Lydia*'])).toEqual([
      'Lydia = Miss Lydia Bennet',
      'Miss Bennet',
    ]);
  });

  it('does not take a colonel’s surname for another man’s first name', () => {
    expect(group(['Colonel Fitzwilliam*', 'Fitzwilliam*', 'Fitzwilliam Darcy', 'Darcy*'])).toEqual([
      'Colonel Fitzwilliam = Fitzwilliam',
      'Darcy = Fitzwilliam Darcy',
    ]);
  });

  it('joins a nickname with the full first name, never with a titled one', () => {
    expect(group(['Elizabeth*', 'Lizzy*', 'Eliza*'])).toEqual(['Elizabeth = Eliza = Lizzy']);
    expect(group(['Kitty*', 'Lady Catherine*', 'Catherine'])).toEqual([
      'Kitty',
      'Lady Catherine = Catherine',
    ]);
  });

  it('keeps the caller’s aliases as given and names the character after the caller’s main name', () => {
    expect(
      group(['Sir Henry*', 'Baskerville*', 'Sir Henry Baskerville'], {
        aliases: [{ name: 'Sir Henry', alias_of: 'Baskerville' }],
      }),
    ).toEqual(['Baskerville = Sir Henry = Sir Henry Baskerville']);
    // Two groups the caller made are never joined by a name that fits both.
    expect(
      group(['Holmes*', 'Sherlock Holmes', 'Mycroft*'], {
        aliases: [
          { name: 'Sherlock Holmes', alias_of: 'Sherlock' },
          { name: 'Holmes', alias_of: 'Mycroft' },
        ],
      }),
    ).toEqual(['Mycroft = Holmes', 'Sherlock = Sherlock Holmes']);
  });

  it('reads gender from titles and first names', () => {
    const index = buildCharacters({
      forms: [
        { name: 'Mrs. Bennet', spoken: 1, seen: 1 },
        { name: 'Jane', spoken: 1, seen: 1 },
        { name: 'Basil', spoken: 1, seen: 1 },
        { name: 'Denver', spoken: 0, seen: 1 },
      ],
      lex: lexiconFor('en'),
      aliases: [],
      textGender: () => null,
    });
    expect(index.characters.map((c) => [c.name, c.gender])).toEqual([
      ['Mrs. Bennet', 'female'],
      ['Jane', 'female'],
      ['Basil', 'male'],
      ['Denver', null],
    ]);
  });
});
