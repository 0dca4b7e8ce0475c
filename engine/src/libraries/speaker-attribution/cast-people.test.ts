/**
 * The cast is the book's people (issue 28, docs/api/audiobook.md "Cast"): places and the book's
 * makers are never characters or aliases.
 */
import { describe, expect, it } from 'vitest';
import { readCast } from './context-pass.ts';
import { testParagraphs as book, type TestLine } from './test-fixtures/paragraphs.ts';

const castOf = (lines: TestLine[], bookPeople: string[] = []) =>
  readCast(book(lines), { language: 'en', bookPeople });

const names = (lines: TestLine[], bookPeople: string[] = []) =>
  castOf(lines, bookPeople).characters.flatMap((c) => [c.name, ...c.aliases]);

describe('places are not speakers', () => {
  it('a name the narration puts after "at", "in", "near" is no antecedent for "he" or "she"', () => {
    const reading = castOf([
      'Mrs. Bennet said how happy they should be to see him at Longbourn again.',
      '“My dear Madam,” he replied, “this invitation is gratifying.”',
      'They had dined at Netherfield.',
      'His wife spoke of his returning to Netherfield.',
      '“ ’Tis an etiquette I despise,” said he.',
    ]);
    const cast = reading.characters.map((c) => c.name);
    expect(cast).not.toContain('Longbourn');
    expect(cast).not.toContain('Netherfield');
  });

  it('a name that speaks in a reporting clause stays a speaker, even after "at"', () => {
    const reading = castOf([
      'We met at Kitty’s, and at Kitty we laughed.',
      '“I am tired,” said Kitty.',
    ]);
    expect(reading.characters.map((c) => c.name)).toContain('Kitty');
  });

  it('a house, a street or a park is a place, however often it is mentioned', () => {
    const cast = names([
      'They drove up to Netherfield House. Netherfield House was lit.',
      '“How grand it is,” said Jane.',
      '“It is,” she said, “quite the finest in the county.”',
      'He lodged in Baker Street. Baker Street was foggy.',
      '“Come in,” said Holmes.',
      '“It is cold,” he said.',
    ]);
    expect(cast).toContain('Jane');
    expect(cast).not.toContain('Netherfield House');
    expect(cast).not.toContain('Baker Street');
  });
});

describe('the book’s makers are not characters', () => {
  const AUSTEN: TestLine[] = [
    { text: 'Pride and Prejudice, by Jane Austen.', matter: true },
    { text: 'Transcribed by Mary Meehan.', matter: true },
    'Jane Austen was not there; Jane was.',
    '“I am glad,” said Jane.',
    '“So am I,” said Mary.',
  ];

  it('the author named by the caller is no alias of Jane', () => {
    const reading = castOf(AUSTEN, ['Jane Austen']);
    const jane = reading.characters.find((c) => c.name === 'Jane');
    expect(jane?.aliases).toEqual([]);
    expect(reading.aliases).not.toContainEqual({ name: 'Jane Austen', alias_of: 'Jane' });
  });

  it('front matter names no characters', () => {
    const cast = names(AUSTEN, ['Jane Austen']);
    expect(cast).toContain('Mary');
    expect(cast).not.toContain('Mary Meehan');
  });
});

describe('gender from the book’s pronouns outranks a first-name list', () => {
  it('“Sidney” is a woman when the book says “she”', () => {
    const reading = castOf([
      'Sidney opened the door, and she smiled at the visitor.',
      'Sidney sat down. She poured the tea.',
      'Sidney laughed, and she shook her head.',
      '“You are late,” said Sidney.',
    ]);
    expect(reading.characters.find((c) => c.name === 'Sidney')?.gender).toBe('female');
  });
});
