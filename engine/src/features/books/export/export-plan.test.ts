import { describe, expect, it } from 'vitest';
import { creditsText } from './credits-text.ts';
import { safeName, splitAtParagraphs, type PlannedTake } from './export-plan.ts';
import { judgeCover } from './cover-check.ts';
import { ffmetadata } from './m4b.ts';

const take = (id: string, seconds: number): PlannedTake => ({
  paragraphId: id,
  file: `${id}.flac`,
  sampleRate: 22_050,
  seconds,
});

describe('export plan', () => {
  it('splits long chapters at paragraph boundaries, never inside one', () => {
    const takes = [take('a', 50), take('b', 40), take('c', 30), take('d', 70), take('e', 10)];
    expect(splitAtParagraphs(takes, 100).map((p) => p.map((t) => t.paragraphId))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
    ]);
    expect(splitAtParagraphs([take('long', 500)], 100)).toHaveLength(1);
    expect(splitAtParagraphs(takes, 1000)).toHaveLength(1);
  });

  it('makes file names every system accepts', () => {
    expect(safeName('Chapter 1: The "Storm" / Part?')).toBe('Chapter 1 The Storm Part');
    expect(safeName('  ')).toBe('Untitled');
    expect(safeName('Ending...')).toBe('Ending');
  });

  it('builds the credits from the metadata, or takes the given text', () => {
    const texts = creditsText({
      title: 'The Keeper',
      subtitle: 'A Tale',
      author: 'Ada Writer',
      narrator: 'Sam',
      openingOverride: null,
      closingOverride: null,
    });
    expect(texts.opening).toBe('The Keeper. A Tale. Written by Ada Writer. Narrated by Sam.');
    expect(texts.closing).toMatch(/^The End\./);
    expect(
      creditsText({
        title: 'T',
        subtitle: '',
        author: '',
        narrator: '',
        openingOverride: 'Hi',
        closingOverride: 'Bye',
      }),
    ).toEqual({ opening: 'Hi', closing: 'Bye' });
  });

  it('judges covers from ffmpeg’s stream line', () => {
    const ok = judgeCover('  Stream #0:0: Video: png, rgb24(pc), 2400x2400, 25 tbr, 25 tbn');
    expect(ok).toMatchObject({ format: 'png', width: 2400, height: 2400, passed: true });
    const small = judgeCover(
      '  Stream #0:0: Video: mjpeg (Baseline), yuvj420p(pc, bt470bg/unknown/unknown), 1200x800 [SAR 1:1 DAR 3:2], 25 tbr',
    );
    expect(small.passed).toBe(false);
    expect(small.problems).toEqual([
      'the cover is 1200×800, not square',
      'the cover is 1200×800, below 2400×2400',
    ]);
    expect(judgeCover('  Stream #0:0: Video: webp, yuv420p, 3000x3000').problems).toEqual([
      'the cover is webp, not JPG or PNG',
    ]);
  });

  it('writes M4B chapter markers back to back in milliseconds', () => {
    const text = ffmetadata({ title: 'B', artist: 'A', narrator: 'N' }, [
      { title: 'Opening Credits', seconds: 5.5 },
      { title: 'One; two = three', seconds: 60 },
    ]);
    expect(text).toContain('[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=5500\ntitle=Opening Credits');
    expect(text).toContain('START=5500\nEND=65500\ntitle=One\\; two \\= three');
  });
});
