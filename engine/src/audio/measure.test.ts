import { describe, expect, it } from 'vitest';
import { LevelMeter, amplitudeToDb, measurePcm, percentile } from './measure.ts';
import { noisePcm, sinePcm } from './test-signals.ts';
import type { PcmAudio } from './types.ts';

const concat = (...parts: Float32Array[]): Float32Array => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

describe('measurePcm', () => {
  it.each([
    [1, -3.0103, 0],
    [0.5, -9.0309, -6.0206],
    [0.1, -23.0103, -20],
  ])('a sine of amplitude %s reads RMS %s dB, peak %s dB', (amplitude, rms, peak) => {
    const levels = measurePcm(sinePcm({ amplitude, seconds: 1, rate: 48000 }));
    expect(levels.rms_db!).toBeCloseTo(rms, 3);
    expect(levels.peak_db!).toBeCloseTo(peak, 3);
    // A steady tone: every window is as loud as the whole.
    expect(levels.noise_floor_db!).toBeCloseTo(rms, 2);
  });

  it('reports digital silence as null, never -Infinity', () => {
    const silence = { sampleRate: 44100, channels: 2, samples: new Float32Array(44100) };
    expect(measurePcm(silence)).toEqual({ rms_db: null, peak_db: null, noise_floor_db: null });
    expect(JSON.parse(JSON.stringify(measurePcm(silence)))).toEqual({
      rms_db: null,
      peak_db: null,
      noise_floor_db: null,
    });
  });

  it('finds the noise floor under speech-like content (ACX: ≤ −60 dB)', () => {
    // 3 s of "speech" at −9 dB RMS with 1 s of room tone at −65 dB RMS: a quarter of the windows
    // are room tone, so the 10th percentile is room tone.
    const speech = sinePcm({ seconds: 3, amplitude: 0.5 }).samples;
    const roomTone = noisePcm(1, -65);
    const levels = measurePcm({
      sampleRate: 44100,
      channels: 1,
      samples: concat(speech, roomTone),
    });
    expect(Math.abs(levels.noise_floor_db! + 65)).toBeLessThan(0.5);
    expect(levels.rms_db!).toBeCloseTo(10 * Math.log10((3 * 0.125 + 10 ** -6.5) / 4), 2);
  });

  it('is not fooled by a few clicks of digital silence', () => {
    const roomTone = noisePcm(2, -70);
    roomTone.fill(0, 0, 2205); // 50 ms of zeros: one window of 40
    const levels = measurePcm({ sampleRate: 44100, channels: 1, samples: roomTone });
    expect(Math.abs(levels.noise_floor_db! + 70)).toBeLessThan(0.5);
  });

  it('measures every channel: one silent side lowers the RMS by 3 dB, not the peak', () => {
    const left = sinePcm({ seconds: 1, amplitude: 0.5 }).samples;
    const stereo = new Float32Array(left.length * 2);
    left.forEach((x, i) => (stereo[2 * i] = x));
    const levels = measurePcm({ sampleRate: 44100, channels: 2, samples: stereo });
    expect(levels.rms_db!).toBeCloseTo(-9.0309 - 3.0103, 3);
    expect(levels.peak_db!).toBeCloseTo(-6.0206, 3);
  });

  it('gives the same result fed in chunks of any size as in one piece', () => {
    const audio: PcmAudio = {
      sampleRate: 44100,
      channels: 1,
      samples: concat(sinePcm({ seconds: 1 }).samples, noisePcm(1, -50)),
    };
    const meter = new LevelMeter(44100, 1);
    for (let i = 0, size = 1; i < audio.samples.length; i += size, size = (size * 7) % 5000 || 1) {
      meter.push(audio.samples.subarray(i, i + size));
    }
    expect(meter.frames).toBe(88200);
    expect(meter.result()).toEqual(measurePcm(audio));
  });

  it('uses the whole clip when it is shorter than one window', () => {
    const short = sinePcm({ seconds: 0.025, amplitude: 1, rate: 48000 }); // 11 whole periods
    expect(measurePcm(short).noise_floor_db!).toBeCloseTo(-3.0103, 2);
  });
});

describe('helpers', () => {
  it('nearest-rank percentile', () => {
    expect(percentile(Float64Array.from([5, 1, 4, 2, 3, 6, 7, 8, 9, 10]), 10)).toBe(1);
    expect(percentile(Float64Array.from([5, 1, 4, 2, 3, 6, 7, 8, 9, 10]), 50)).toBe(5);
    expect(percentile(Float64Array.from([3]), 10)).toBe(3);
  });

  it('amplitudeToDb', () => {
    expect(amplitudeToDb(1)).toBe(0);
    expect(amplitudeToDb(0.5)).toBeCloseTo(-6.0206, 4);
    expect(amplitudeToDb(0)).toBeNull();
  });
});
