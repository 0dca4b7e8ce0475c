// Sentence and clause splitting ahead of phonemization (what Piper's punctuation phonemes need).
import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentence-clauses.ts';

describe('splitSentences', () => {
  it('splits sentences with offsets and keeps each clause terminator', () => {
    const text = 'Hello world, this is a test. How are you?  Fine!';
    const sentences = splitSentences(text);
    expect(sentences.map((s) => text.slice(s.textOffset, s.textOffset + s.textLength))).toEqual([
      'Hello world, this is a test.',
      'How are you?',
      'Fine!',
    ]);
    expect(sentences[0]?.clauses).toEqual([
      { text: 'Hello world', terminator: ',' },
      { text: 'this is a test', terminator: '.' },
    ]);
    expect(sentences[1]?.clauses).toEqual([{ text: 'How are you', terminator: '?' }]);
  });

  it('does not split inside numbers or words and handles closers and runs of marks', () => {
    const sentences = splitSentences('It costs 3.50 dollars, e.g. "really?!" Yes');
    expect(sentences).toHaveLength(3);
    expect(sentences[0]?.clauses.map((c) => c.text)).toEqual(['It costs 3.50 dollars', 'e.g']);
    expect(sentences[1]?.clauses).toEqual([{ text: '"really', terminator: '?' }]);
    expect(sentences[2]?.clauses).toEqual([{ text: 'Yes', terminator: '' }]);
  });

  it('splits CJK punctuation without spaces and ends a sentence at a blank line', () => {
    const cjk = splitSentences('你好，世界。再见！');
    expect(cjk.map((s) => s.clauses)).toEqual([
      [
        { text: '你好', terminator: ',' },
        { text: '世界', terminator: '.' },
      ],
      [{ text: '再见', terminator: '!' }],
    ]);
    const heading = splitSentences('Chapter One\n\nIt was night.');
    expect(heading.map((s) => s.clauses[0]?.text)).toEqual(['Chapter One', 'It was night']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(splitSentences('  ... !! ')).toEqual([]);
    expect(splitSentences('')).toEqual([]);
  });
});
