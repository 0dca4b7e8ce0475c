import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseLanguage, splitIntoChunks, splitSentences } from './sentences.ts';

const texts = (spans: { text: string }[]): string[] => spans.map((s) => s.text);

describe('splitSentences', () => {
  it('keeps English abbreviations, initials, decimals, ellipses and quotes inside sentences', () => {
    const text =
      'Mr. Smith met Dr. Jones at 3.5 p.m. on St. James St. today. "Are you sure?" he asked. ' +
      'It cost $3.50... Then e.g. this. J. R. R. Tolkien wrote it. Wait... what? Yes!';
    expect(texts(splitSentences(text, 'en-US'))).toEqual([
      'Mr. Smith met Dr. Jones at 3.5 p.m. on St. James St. today.',
      '"Are you sure?" he asked.',
      'It cost $3.50...',
      'Then e.g. this.',
      'J. R. R. Tolkien wrote it.',
      'Wait... what?',
      'Yes!',
    ]);
  });

  it('splits where an abbreviation that may end a sentence is followed by a capital', () => {
    expect(texts(splitSentences('Bring pens, paper, etc. The rest is here.', 'en'))).toEqual([
      'Bring pens, paper, etc.',
      'The rest is here.',
    ]);
    expect(texts(splitSentences('Bring pens, paper, etc. and more.', 'en'))).toEqual([
      'Bring pens, paper, etc. and more.',
    ]);
  });

  it('knows German abbreviations and day ordinals before a month', () => {
    expect(
      texts(
        splitSentences('Am 3. März 2024 kam Hr. Müller z. B. nach Berlin. Das war gut.', 'de-DE'),
      ),
    ).toEqual(['Am 3. März 2024 kam Hr. Müller z. B. nach Berlin.', 'Das war gut.']);
    // A number ending a German sentence still ends it.
    expect(texts(splitSentences('Er wurde 30. Dann ging er.', 'de'))).toEqual([
      'Er wurde 30.',
      'Dann ging er.',
    ]);
  });

  it('knows French and Spanish titles', () => {
    expect(texts(splitSentences('M. Dupont est là. Il attend.', 'fr'))).toEqual([
      'M. Dupont est là.',
      'Il attend.',
    ]);
    expect(texts(splitSentences('El Sr. García llegó. Luego se fue.', 'es'))).toEqual([
      'El Sr. García llegó.',
      'Luego se fue.',
    ]);
  });

  it('splits CJK text at full-width stops', () => {
    expect(texts(splitSentences('今日は晴れです。明日は雨でしょう！本当？はい。', 'ja'))).toEqual([
      '今日は晴れです。',
      '明日は雨でしょう！',
      '本当？',
      'はい。',
    ]);
    expect(texts(splitSentences('我们走吧。好的！', 'zh-CN'))).toEqual(['我们走吧。', '好的！']);
  });

  it('falls back to the root rules for a locale ICU does not know', () => {
    expect(texts(splitSentences('One. Two.', 'xx-unknown'))).toEqual(['One.', 'Two.']);
  });

  it('reads hard-wrapped lines as running text but keeps headings and verse lines apart', () => {
    const wrapped =
      'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er\nsich in seinem Bett verwandelt. Er lag\nauf dem Rücken.';
    expect(texts(splitSentences(wrapped, 'de'))).toEqual([
      'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er\nsich in seinem Bett verwandelt.',
      'Er lag\nauf dem Rücken.',
    ]);
    expect(
      texts(
        splitSentences(
          'CHAPTER IV\nThe Rabbit Sends in a Little Bill\n\nIt was the White Rabbit.',
          'en',
        ),
      ),
    ).toEqual(['CHAPTER IV', 'The Rabbit Sends in a Little Bill', 'It was the White Rabbit.']);
  });

  it('reports offsets into the text it split', () => {
    const text = '  First one.   Second one.  ';
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});

describe('splitIntoChunks', () => {
  it('keeps sentences whole when they fit', () => {
    const chunks = splitIntoChunks('One sentence. Another one.', 'en', 100);
    expect(chunks.map((c) => [c.text, c.boundary])).toEqual([
      ['One sentence.', 'sentence'],
      ['Another one.', 'sentence'],
    ]);
  });

  it('cuts a long sentence at the strongest clause boundary, then at spaces', () => {
    const text =
      'This is a very long sentence, with many clauses; it goes on and on — and on, until the end of the line comes near, and it does not stop there.';
    const chunks = splitIntoChunks(text, 'en', 60);
    expect(chunks.every((c) => c.text.length <= 60)).toBe(true);
    expect(chunks[0]?.text).toBe('This is a very long sentence, with many clauses;');
    expect(chunks[0]?.boundary).toBe('clause');
    expect(chunks.at(-1)?.boundary).toBe('sentence');
  });

  it('cuts text without spaces at the limit, never inside a surrogate pair', () => {
    const text = '😀'.repeat(50);
    const chunks = splitIntoChunks(text, 'en', 25);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(25);
    for (const c of chunks) expect([...c.text].every((ch) => ch === '😀')).toBe(true);
  });

  it('cuts CJK clauses at full-width commas', () => {
    const text = `${'長い文章です、'.repeat(10)}終わり。`;
    const chunks = splitIntoChunks(text, 'ja', 30);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]?.text.endsWith('、')).toBe(true);
  });

  it('rejects a silly maximum', () => {
    expect(() => splitIntoChunks('text', 'en', 5)).toThrow(RangeError);
  });

  it('never loses a non-space character, respects the limit and reports true offsets (property)', () => {
    const alphabet = fc.constantFrom(...'ab cd. E, f; g—h! i? "j" 3.5 Mr. 😀 。、\n'.split(''));
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 300 }).map((a) => a.join('')),
        fc.integer({ min: 20, max: 80 }),
        fc.constantFrom('en', 'de', 'ja'),
        (text, max, lang) => {
          const chunks = splitIntoChunks(text, lang, max);
          const strip = (s: string): string => s.replace(/\s+/gu, '');
          expect(strip(chunks.map((c) => c.text).join(''))).toBe(strip(text));
          let previousEnd = 0;
          for (const c of chunks) {
            expect(text.slice(c.start, c.end)).toBe(c.text);
            expect(c.text.length).toBeLessThanOrEqual(max);
            expect(c.start).toBeGreaterThanOrEqual(previousEnd);
            expect(c.text.trim()).toBe(c.text);
            previousEnd = c.end;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('baseLanguage', () => {
  it('takes the primary subtag', () => {
    expect(baseLanguage('en-GB')).toBe('en');
    expect(baseLanguage('pt_BR')).toBe('pt');
    expect(baseLanguage('DE')).toBe('de');
    expect(baseLanguage('gmw/en-US')).toBe('en');
    expect(baseLanguage('')).toBe('und');
    expect(baseLanguage('not a tag!')).toBe('und');
    // eSpeak identifiers and junk never make the segmenter throw.
    expect(texts(splitSentences('Mr. Smith left. Bye.', 'gmw/en-US'))).toEqual([
      'Mr. Smith left.',
      'Bye.',
    ]);
    expect(texts(splitSentences('One. Two.', ''))).toEqual(['One.', 'Two.']);
  });
});
