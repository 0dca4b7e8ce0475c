import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from './mapped-text.ts';

describe('MappedText', () => {
  it('maps copied text exactly and replacements onto the span they replaced', () => {
    const text = MappedText.fromSource('It cost $3.50 today.', 100).rewrite(
      /\$3\.50/,
      () => 'three dollars fifty',
    );
    expect(text.text).toBe('It cost three dollars fifty today.');
    // "cost" is copied: exact.
    expect(text.toOriginalSpan(3, 4)).toEqual({ offset: 103, length: 4 });
    // "dollars" is inside the replacement: the whole "$3.50".
    expect(text.toOriginalSpan(14, 7)).toEqual({ offset: 108, length: 5 });
    // "today" after it.
    expect(text.toOriginalSpan(28, 5)).toEqual({ offset: 114, length: 5 });
    expect(text.originalStart).toBe(100);
    expect(text.originalEnd).toBe(120);
  });

  it('never rewrites a replacement again', () => {
    const once = MappedText.fromSource('5 and 6').rewrite(/5/, () => 'six');
    const twice = once.rewrite(/six|6/, () => 'X');
    expect(twice.text).toBe('six and X');
  });

  it('returns the same object when nothing matched, and lets a rewrite decline', () => {
    const text = MappedText.fromSource('abc');
    expect(text.rewrite(/z/, () => 'y')).toBe(text);
    expect(text.rewrite(/b/, () => null)).toBe(text);
  });

  it('handles empty text', () => {
    const text = MappedText.fromSource('', 7);
    expect(text.text).toBe('');
    expect(text.toOriginal(5)).toBe(7);
    expect(new MappedText([]).toOriginal(3)).toBe(0);
  });

  it('maps every offset inside the original span, in order (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(50), (source, base) => {
        const mapped = MappedText.fromSource(source, base)
          .rewrite(/\d+/, (m) => `<${m[0].length} digits>`)
          .rewrite(/[aeiou]/, () => '');
        let previous = -1;
        for (let i = 0; i <= mapped.text.length; i++) {
          const o = mapped.toOriginal(i);
          expect(o).toBeGreaterThanOrEqual(base);
          expect(o).toBeLessThanOrEqual(base + source.length);
          expect(o).toBeGreaterThanOrEqual(previous);
          previous = o;
          const span = mapped.toOriginalSpan(i, 3);
          expect(span.offset + span.length).toBeLessThanOrEqual(base + source.length);
        }
      }),
    );
  });
});
