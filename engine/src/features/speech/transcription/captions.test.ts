import { describe, expect, it } from 'vitest';
import { toSrt, toText, toVtt } from './captions.ts';
import type { TranscriptSegment } from './transcript-types.ts';

const segment = (id: number, start: number, end: number, text: string, speaker: string | null) =>
  ({ id, start, end, text, speaker, confidence: null, words: [] }) satisfies TranscriptSegment;

const segments = [
  segment(0, 0.5, 2.25, 'Hello there.', 'Ann'),
  segment(1, 3661.001, 3663, 'a < b', null),
];

describe('captions', () => {
  it('writes SubRip with comma milliseconds, hours and speaker tags', () => {
    expect(toSrt(segments)).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\n[Ann] Hello there.\n\n2\n01:01:01,001 --> 01:01:03,000\na < b\n',
    );
  });

  it('writes WebVTT with a header, dot milliseconds, voice spans and escaped text', () => {
    expect(toVtt(segments)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.250\n<v Ann>Hello there.\n\n01:01:01.001 --> 01:01:03.000\na &lt; b\n',
    );
  });

  it('joins text with single spaces', () => {
    expect(toText(segments)).toBe('Hello there. a < b');
  });
});
