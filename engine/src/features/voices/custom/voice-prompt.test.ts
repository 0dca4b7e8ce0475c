// Where a cloned voice's prompt is cut: whole speech segments from the first, as many as fit in
// the limit (the first alone cut there), with a little margin; and which sample gives it.
import { describe, expect, it } from 'vitest';
import { bestSampleIndex, promptSpan } from './voice-prompt.ts';
import type { SampleReport } from '../samples/sample-analyzer.ts';

const seg = (start: number, end: number) => ({ start, end });

describe('promptSpan', () => {
  it('keeps whole segments up to the limit, never cutting one in two', () => {
    const span = promptSpan([seg(1, 4), seg(4.5, 8), seg(8.6, 12.5), seg(13, 16)], 20, 12);
    expect(span.start).toBeCloseTo(0.85);
    expect(span.end).toBeCloseTo(12.65);
  });

  it('cuts a first segment longer than the limit at the limit, and stays inside the clip', () => {
    expect(promptSpan([seg(0.05, 30)], 30, 12)).toEqual({ start: 0, end: 12 });
    const tail = promptSpan([seg(2, 9.95)], 10, 12);
    expect(tail.end).toBe(10);
  });

  it('takes the clip’s start when the VAD found nothing', () => {
    expect(promptSpan([], 25, 12)).toEqual({ start: 0, end: 12 });
  });
});

describe('bestSampleIndex', () => {
  const file = (ovrl: number | null, snr: number | null) => ({
    dnsmos: ovrl === null ? null : { sig: 3, bak: 3, ovrl },
    snr_db: snr,
  });
  const report = (files: ReturnType<typeof file>[]) => ({ files }) as unknown as SampleReport;

  it('prefers the higher DNSMOS, then the higher SNR, then the first', () => {
    expect(bestSampleIndex(report([file(2.5, 30), file(3.1, 10), file(3.1, 20)]))).toBe(2);
    expect(bestSampleIndex(report([file(null, 12), file(null, 30)]))).toBe(1);
    expect(bestSampleIndex(report([file(3, 20), file(3, 20)]))).toBe(0);
    expect(bestSampleIndex(null)).toBe(0);
  });
});
