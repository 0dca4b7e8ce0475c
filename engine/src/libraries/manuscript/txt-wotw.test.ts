/**
 * Issue 14's plain-text cases: a chapter title wrapped over two lines (The War of the Worlds,
 * book one, chapter twelve), line-end hyphens in an English text, and default titles in the
 * book's own language (I promessi sposi without headings is "Capitolo 1").
 */
import { describe, expect, it } from 'vitest';
import { extractPlainText } from './extract.ts';

const PROSE = [
  'After getting this grain of knowledge I went out into the garden, where the',
  'evening was still and the air smelt of the straw-',
  'berries that my wife had been gathering. Beyond the hedge the common lay',
  'open to the sand-pits, and I could see a well-',
  'known figure among the people there, the old grocer, who stood bareheaded',
  'and watched the smoke rise over the trees towards Horsell and Woking.',
].join('\n');

describe('plain text: War of the Worlds', () => {
  const text = [
    'THE WAR OF THE WORLDS',
    'BOOK ONE',
    '',
    '',
    '',
    'CHAPTER XI.',
    'IN THE WINDOW.',
    '',
    PROSE,
    '',
    PROSE,
    '',
    '',
    '',
    'CHAPTER XII.',
    'WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE AND',
    'SHEPPERTON.',
    '',
    PROSE,
    '',
    PROSE,
  ].join('\n');

  it('keeps both lines of a wrapped chapter title', () => {
    const book = extractPlainText(text);
    const chapters = book.chapters.filter((c) => c.kind === 'chapter');
    expect(chapters.map((c) => c.title)).toEqual([
      'BOOK ONE. CHAPTER XI. IN THE WINDOW.',
      'CHAPTER XII. WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE AND SHEPPERTON.',
    ]);
    expect(chapters[1]?.paragraphs[0]).toMatch(/^After getting this grain/);
  });

  it('rejoins line-end hyphens of one word and keeps compounds', () => {
    const paragraph = extractPlainText(text).chapters.at(-1)?.paragraphs[0] ?? '';
    expect(paragraph).toContain('the air smelt of the strawberries that my wife');
    expect(paragraph).toContain('I could see a well-known figure');
  });
});

describe('plain text: default titles in the book’s language', () => {
  const italian = [
    'Quel ramo del lago di Como, che volge a mezzogiorno, tra due catene non interrotte di monti,',
    'tutto a seni e a golfi, a seconda dello sporgere e del rientrare di quelli, vien, quasi a un',
    'tratto, a ristringersi, e a prender corso e figura di fiume, tra un promontorio a destra, e',
    "un'ampia costiera dall'altra parte; e il ponte, che ivi congiunge le due rive, par che renda",
    'ancor più sensibile all’occhio questa trasformazione, e segni il punto in cui il lago cessa,',
    'e l’Adda rincomincia, per ripigliar poi nome di lago dove le rive, allontanandosi di nuovo,',
    'lascian l’acqua distendersi e rallentarsi in nuovi golfi e in nuovi seni.',
  ].join('\n');

  it('names an untitled Italian book’s chapter "Capitolo 1"', () => {
    const book = extractPlainText(`${italian}\n\n${italian}\n`);
    expect(book.language).toBe('it');
    expect(book.chapters.map((c) => c.title)).toEqual(['Capitolo 1']);
  });
});
