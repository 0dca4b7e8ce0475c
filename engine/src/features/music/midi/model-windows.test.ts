// Framing and unwrapping as the published inference does, and the frame → seconds mapping.
import { describe, expect, it } from 'vitest';
import {
  FFT_HOP,
  KEPT_FRAMES_PER_WINDOW,
  SAMPLE_RATE,
  WINDOW_HOP,
  WINDOW_SAMPLES,
} from './basic-pitch-constants.ts';
import {
  fillWindow,
  frameToSeconds,
  outputFrameCount,
  unwrapWindow,
  windowCount,
} from './model-windows.ts';

describe('model windows', () => {
  it('uses the published constants: 43 844-sample windows every 36 164 samples, 142 kept frames', () => {
    expect(WINDOW_SAMPLES).toBe(43_844);
    expect(WINDOW_HOP).toBe(36_164);
    expect(KEPT_FRAMES_PER_WINDOW).toBe(142);
  });

  it('front-pads by half the overlap and zero-pads the last window', () => {
    const audio = Float32Array.from({ length: 50_000 }, (_, i) => i + 1);
    expect(windowCount(audio.length)).toBe(2);
    const w0 = new Float32Array(WINDOW_SAMPLES);
    fillWindow(audio, 0, w0);
    expect(w0[3839]).toBe(0);
    expect(w0[3840]).toBe(1);
    const w1 = new Float32Array(WINDOW_SAMPLES);
    fillWindow(audio, 1, w1);
    expect(w1[0]).toBe(WINDOW_HOP - 3840 + 1);
    expect(w1[WINDOW_SAMPLES - 1]).toBe(0);
  });

  it('drops 15 frames from each side of every window and trims to the audio length', () => {
    const width = 2;
    const total = 150;
    const target = new Float32Array(total * width);
    for (const index of [0, 1]) {
      const out = Float32Array.from(
        { length: 172 * width },
        (_, i) => index * 1000 + Math.floor(i / width),
      );
      unwrapWindow(out, width, index, target, total);
    }
    expect(target[0]).toBe(15);
    expect(target[141 * width]).toBe(156);
    expect(target[142 * width]).toBe(1015);
    expect(target[149 * width]).toBe(1022);
  });

  it('maps output frames to the exact seconds of their window position', () => {
    expect(frameToSeconds(0)).toBe(0);
    expect(frameToSeconds(86)).toBeCloseTo((86 * FFT_HOP) / SAMPLE_RATE, 10);
    expect(frameToSeconds(142)).toBeCloseTo(WINDOW_HOP / SAMPLE_RATE, 10);
    expect(outputFrameCount(SAMPLE_RATE * 10)).toBe(860);
  });
});
