import { describe, expect, it } from 'vitest';
import {
  clock,
  playingAt,
  showsWords,
} from '../../renderer/src/features/transcription/transcript-time.ts';
import type { TranscriptSegment } from '../../renderer/src/features/transcription/transcription-types.ts';

const segment = (
  id: number,
  start: number,
  end: number,
  words: [string, number][],
  edited = false,
): TranscriptSegment => ({
  id,
  file_index: 0,
  speaker: null,
  speaker_label: null,
  text: words.map(([w]) => w).join(' '),
  start,
  end,
  confidence: null,
  words: words.map(([word, at], k) => ({
    word,
    start: at,
    end: words[k + 1]?.[1] ?? end,
    confidence: null,
  })),
  edited,
});

describe('transcript time', () => {
  it('writes clock times with tenths, hours only when needed', () => {
    expect(clock(0)).toBe('0:00.0');
    expect(clock(75.25)).toBe('1:15.2');
    expect(clock(3725)).toBe('1:02:05.0');
    expect(clock(59.96)).toBe('0:59.9');
    expect(clock(-3)).toBe('0:00.0');
  });

  it('finds the segment and the word being played', () => {
    const segments = [
      segment(0, 0.5, 2, [
        ['Hello', 0.5],
        ['there', 1.1],
      ]),
      segment(1, 3, 5, [
        ['Good', 3],
        ['day', 3.6],
      ]),
    ];
    expect(playingAt(segments, 0.2)).toBeNull();
    expect(playingAt(segments, 0.6)).toEqual({ segment: 0, word: 0 });
    expect(playingAt(segments, 1.5)).toEqual({ segment: 0, word: 1 });
    // Between segments nothing plays; at a segment's end the next one has not begun.
    expect(playingAt(segments, 2.5)).toBeNull();
    expect(playingAt(segments, 4)).toEqual({ segment: 1, word: 1 });
  });

  it('shows a corrected segment as text, not as the words heard', () => {
    const corrected = segment(0, 0, 2, [['Hello', 0]], true);
    expect(showsWords(corrected)).toBe(false);
    expect(playingAt([corrected], 1)).toEqual({ segment: 0, word: -1 });
    expect(showsWords(segment(1, 0, 1, []))).toBe(false);
  });
});
