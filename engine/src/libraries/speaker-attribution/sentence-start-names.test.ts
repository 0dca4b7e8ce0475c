import { describe, expect, it } from 'vitest';
import { readCast } from './context-pass.ts';
import { lexiconFor } from './lexicon.ts';
import { namesAtSentenceStarts } from './sentence-start-names.ts';
import { testParagraphs } from './test-fixtures/paragraphs.ts';
import { readParagraph } from './utterances.ts';

const en = lexiconFor('en');
const found = (paragraphs: string[], language = 'en') => {
  const lex = lexiconFor(language);
  return [
    ...namesAtSentenceStarts(
      paragraphs.map((p) => readParagraph(p, lex)),
      lex,
    ),
  ].sort();
};

describe('namesAtSentenceStarts', () => {
  it('finds a given name opening a sentence before a verb or an appositive', () => {
    expect(found(['William appeared at half-past twelve.'])).toEqual(['william']);
    expect(found(['Joseph was an elderly, nay, an old man.'])).toEqual(['joseph']);
    expect(found(['Mary alternately cried and laughed.'])).toEqual(['mary']);
    expect(found(['William, a boy of seven, fled off.'])).toEqual(['william']);
    expect(found(['Stewart Snyder peered at her.'])).toEqual(['snyder', 'stewart']);
  });

  it('leaves a capitalised word alone without a verb or an appositive after it', () => {
    expect(found(['William and his sister ran off.'])).toEqual([]);
    expect(found(['Dale, striking a match, looked round.'])).toEqual([]);
  });

  it('never reads a word the book also writes in lower case, a month, or a word off the lists', () => {
    expect(found(['Will was there.', 'I will go.'])).toEqual([]);
    expect(found(['May was warm that year.'])).toEqual([]);
    expect(found(['Heathcliff was a dark man.'])).toEqual([]);
  });

  it('reads only English books', () => {
    expect(found(['Marie était là.', 'Marie was there.'], 'fr')).toEqual([]);
    expect(en.english).toBe(true);
  });
});

/** readCast over plain English paragraphs, none locked or assigned. */
const readEnglish = (paragraphs: string[]) =>
  readCast(testParagraphs(paragraphs), { language: 'en' });

describe('readCast: a character named only at sentence starts', () => {
  it('resolves "he said" to a man the book only names opening sentences', () => {
    // Wuthering Heights, chapter 1 (abridged).
    const paragraphs = [
      '“Here we have the whole establishment of domestics,” said Lockwood.',
      'Joseph was an elderly, nay, an old man: very old, perhaps, though hale and sinewy.',
      '“The Lord help us!” he soliloquised in an undertone.',
    ];
    const reading = readEnglish(paragraphs);
    expect(reading.paragraphs[2]?.lines[0]?.speaker).toBe('Joseph');
    expect(reading.characters.find((c) => c.name === 'Joseph')?.gender).toBe('male');
  });

  it('gives such a name its first-name gender: "he" is never Mary', () => {
    // Pride and Prejudice, chapter 2 (abridged).
    const paragraphs = [
      '“What say you, Mary?” said Mr. Bennet.',
      'Mary wished to say something very sensible, but knew not how.',
      '“While Mary is adjusting her ideas,” he continued, “let us return to Mr. Bingley.”',
    ];
    const reading = readEnglish(paragraphs);
    expect(reading.paragraphs[2]?.lines[0]?.speaker).not.toBe('Mary');
  });
});
