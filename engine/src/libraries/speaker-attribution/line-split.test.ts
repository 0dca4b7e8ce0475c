import { describe, expect, it } from 'vitest';
import { annotateWithoutModel } from './line-split.ts';
import { testParagraphs as paragraphs } from './test-fixtures/paragraphs.ts';

const countWords = (text: string) =>
  text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

function annotate(texts: string[], scope?: string[]) {
  const all = paragraphs(texts);
  return annotateWithoutModel({
    paragraphs: all,
    scope: new Set(scope ?? all.map((p) => p.id)),
    language: 'en',
  }).lines;
}

describe('annotateWithoutModel (rule 10 without a model)', () => {
  it('splits a mixed paragraph into dialogue and narration lines, words unchanged', () => {
    // Pride and Prejudice, chapter 2.
    const text =
      '“Now, Kitty, you may cough as much as you choose,” said Mr. Bennet; and, as he spoke, he left the room, fatigued with the raptures of his wife.';
    const lines = annotate([text]).get('p0') ?? [];
    expect(lines).toEqual([
      {
        text: '“Now, Kitty, you may cough as much as you choose,”',
        speaker: 'Mr. Bennet',
        direction: '',
      },
      {
        text: 'said Mr. Bennet; and, as he spoke, he left the room, fatigued with the raptures of his wife.',
        speaker: null,
        direction: '',
      },
    ]);
    expect(lines.reduce((n, l) => n + countWords(l.text), 0)).toBe(countWords(text));
  });

  it('keeps a paragraph that is one speaker’s speech, or all narration, as one line', () => {
    const out = annotate([
      '“Shall we go?” whispered Elizabeth.',
      '“Not yet.”',
      'It was a fine day.',
    ]);
    expect(out.get('p0')).toEqual([
      { text: '“Shall we go?”', speaker: 'Elizabeth', direction: 'whispered' },
      { text: 'whispered Elizabeth.', speaker: null, direction: '' },
    ]);
    expect(out.get('p2')).toEqual([{ text: 'It was a fine day.', speaker: null, direction: '' }]);
    expect(out.get('p1')).toHaveLength(1);
  });

  it('answers only for the paragraphs in scope, reading the others for context', () => {
    const out = annotate(['“Good morning,” said Jane.', '“Good morning,” said Elizabeth.'], ['p1']);
    expect([...out.keys()]).toEqual(['p1']);
  });

  it('gives the first line the paragraph’s opening words (the id stays with them)', () => {
    const text = 'Mrs. Bennet said only, “Nonsense, nonsense!”';
    const lines = annotate([text]).get('p0') ?? [];
    expect(lines[0]?.text).toBe('Mrs. Bennet said only,');
    expect(lines.map((l) => l.text).join(' ')).toBe(text);
  });
});
