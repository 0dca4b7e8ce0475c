import { describe, expect, it } from 'vitest';
import {
  cleanParagraph,
  joinLine,
  joinLines,
  repairSplitWords,
  splitPlainBlock,
  Vocabulary,
  wrapWidthOf,
} from './paragraphs.ts';

describe('cleanParagraph', () => {
  it('normalises whitespace and removes soft hyphens and invisible characters', () => {
    expect(cleanParagraph('  Hel\u00ADlo,\u00A0 world\u200B!\n  Again\t\u202Fhere. ')).toBe(
      'Hello, world! Again here.',
    );
  });

  it('drops transcription markers but keeps the words', () => {
    expect(cleanParagraph('It was _very_ odd, *quite* odd.')).toBe('It was very odd, quite odd.');
    expect(cleanParagraph('[Illustration: The Rabbit] She ran.')).toBe('She ran.');
    expect(cleanParagraph('[Copyright 1894 by George Allen.]')).toBe('');
    expect(cleanParagraph('* * *')).toBe('');
  });
});

describe('hyphenated line ends', () => {
  const vocabulary = new Vocabulary();
  vocabulary.add('the self-made man wondered about something and it wandered');
  vocabulary.add('a three-legged table stood there');

  it('rejoins a syllable break in typeset text', () => {
    expect(joinLine('she had won-', 'dered at this', vocabulary, 'typeset')).toBe(
      'she had wondered at this',
    );
    expect(joinLine('some-', 'thing', vocabulary, 'typeset')).toBe('something');
    expect(joinLine('an unfamil-', 'iar word', null, 'typeset')).toBe('an unfamiliar word');
  });

  it('keeps a real compound hyphen the document uses elsewhere', () => {
    expect(joinLine('a little three-', 'legged table', vocabulary, 'typeset')).toBe(
      'a little three-legged table',
    );
    expect(joinLine('a self-', 'made man', vocabulary, 'typeset')).toBe('a self-made man');
    expect(joinLine('the Anglo-', 'Saxon word', null, 'typeset')).toBe('the Anglo-Saxon word');
    expect(joinLine('a jack-in-', 'the-box', null, 'typeset')).toBe('a jack-in-the-box');
    // Issue 14: "straw- berries" inside a typeset line is one word broken (this assertion once
    // kept "meteor- ites" apart when the book never wrote "meteorites" whole: the bug fixed).
    expect(repairSplitWords('on meteor- ites and pre- and post-war', vocabulary)).toBe(
      'on meteorites and pre- and post-war',
    );
    const plain = new Vocabulary();
    plain.add('the daisy-chain');
    expect(repairSplitWords('a daisy- chain', plain, 'plain')).toBe('a daisy-chain');
  });

  it('trusts plain-text hyphens unless the vocabulary shows one word', () => {
    expect(joinLine('a daisy-', 'chain', null, 'plain')).toBe('a daisy-chain');
    expect(joinLine('she won-', 'dered', vocabulary, 'plain')).toBe('she wondered');
  });

  it('joins dashes and ordinary lines', () => {
    expect(joinLine('It was—', 'no, never mind', null, 'typeset')).toBe('It was—no, never mind');
    expect(joinLines(['one line', 'and the next '], null, 'plain')).toBe('one line and the next');
    expect(joinLine('text', '\u00ADx', null, 'plain')).toBe('text \u00ADx');
    expect(joinLine('soft\u00AD', 'ly', null, 'plain')).toBe('softly');
  });
});

describe('splitPlainBlock', () => {
  const width = 70;

  it('joins hard-wrapped lines of one paragraph', () => {
    const lines = [
      'Alice was beginning to get very tired of sitting by her sister on the',
      'bank, and of having nothing to do: once or twice she had peeped into',
      'the book her sister was reading.',
    ];
    expect(splitPlainBlock(lines, width, null)).toEqual([
      'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading.',
    ]);
  });

  it('keeps dialogue turns apart when a file has no blank lines between them', () => {
    const lines = [
      '“What is his name?” asked Mrs. Bennet, leaning forward in her chair to',
      'hear the answer.',
      '“Bingley.”',
      '“Is he married or single?”',
      '»Was willst du?« fragte die Schwester.',
    ];
    expect(splitPlainBlock(lines, width, null)).toEqual([
      '“What is his name?” asked Mrs. Bennet, leaning forward in her chair to hear the answer.',
      '“Bingley.”',
      '“Is he married or single?”',
      '»Was willst du?« fragte die Schwester.',
    ]);
  });

  it('starts paragraphs at indented lines, and treats long lines as unwrapped paragraphs', () => {
    const lines = [
      '    The first paragraph begins here and runs on for a while longer',
      'until it ends at this line.',
      '    The second paragraph begins here.',
    ];
    expect(splitPlainBlock(lines, width, null)).toHaveLength(2);
    const long = ['x'.repeat(200), 'y'.repeat(190)];
    expect(splitPlainBlock(long, wrapWidthOf(long), null)).toHaveLength(2);
  });
});
