import { describe, expect, it } from 'vitest';
import type { FileMeasurement } from './file-measure.ts';
import { describeRejections, validateMeasurement } from './validator.ts';

const good: FileMeasurement = {
  container: 'mp3',
  codec: 'mp3',
  bitrate_kbps: 192,
  cbr: true,
  sample_rate: 44_100,
  channels: 1,
  duration_seconds: 600,
  rms_db: -20,
  peak_db: -4,
  true_peak_db: -3.5,
  noise_floor_db: -65,
  integrated_lufs: -19,
  head_silence_seconds: 0.75,
  tail_silence_seconds: 2,
};

const rules = (m: Partial<FileMeasurement>, kind: 'chapter' | 'sample' | 'upload' = 'chapter') =>
  validateMeasurement({ ...good, ...m }, kind).violations.map((v) => v.rule);

describe('ACX validator', () => {
  it('passes a file inside every limit, limits included', () => {
    expect(validateMeasurement(good, 'chapter')).toEqual({ passed: true, violations: [] });
    expect(rules({ rms_db: -23, true_peak_db: -3, noise_floor_db: -60 })).toEqual([]);
    expect(rules({ rms_db: -18, head_silence_seconds: 1, tail_silence_seconds: 5 })).toEqual([]);
    expect(rules({ head_silence_seconds: 0.5, tail_silence_seconds: 1 })).toEqual([]);
  });

  it('names each broken rule with the measured value and the limit', () => {
    const verdict = validateMeasurement({ ...good, rms_db: -28.17, bitrate_kbps: 64 }, 'upload');
    expect(verdict.passed).toBe(false);
    expect(verdict.violations).toContainEqual({
      rule: 'rms',
      message: 'RMS level -28.2 dB is below the allowed -23…-18 dB',
      measured: -28.17,
      limit: '-23…-18 dB',
    });
    expect(verdict.violations.find((v) => v.rule === 'bitrate')?.message).toBe(
      'bitrate 64 kbps is below 192 kbps',
    );
  });

  it('checks format, CBR, rate, channels, peak, floor, room tone, edges and length', () => {
    expect(rules({ container: 'wav', codec: 'pcm_s16le', cbr: null })).toEqual(['format']);
    expect(rules({ cbr: false })).toEqual(['constant_bitrate']);
    expect(rules({ sample_rate: 22_050 })).toEqual(['sample_rate']);
    expect(rules({ channels: 2 })).toEqual(['channels']);
    expect(rules({ rms_db: -17.9 })).toEqual(['rms']);
    expect(rules({ rms_db: null })).toEqual(['rms']);
    expect(rules({ true_peak_db: -2.9 })).toEqual(['true_peak']);
    expect(rules({ noise_floor_db: -59.9 })).toEqual(['noise_floor']);
    expect(rules({ noise_floor_db: null })).toEqual(['room_tone']);
    expect(rules({ head_silence_seconds: 0.4 })).toEqual(['head_silence']);
    expect(rules({ head_silence_seconds: 1.2 })).toEqual(['head_silence']);
    expect(rules({ tail_silence_seconds: 0.9 })).toEqual(['tail_silence']);
    expect(rules({ tail_silence_seconds: 5.1 })).toEqual(['tail_silence']);
    expect(rules({ duration_seconds: 120 * 60 + 1 })).toEqual(['duration']);
  });

  it('holds the retail sample to 5 minutes and no head/tail rule', () => {
    expect(
      rules({ head_silence_seconds: 0, tail_silence_seconds: 0, duration_seconds: 120 }, 'sample'),
    ).toEqual([]);
    expect(rules({ duration_seconds: 301 }, 'sample')).toEqual(['duration']);
    expect(rules({ duration_seconds: 300 }, 'sample')).toEqual([]);
  });

  it('summarises rejections per file', () => {
    const bad = validateMeasurement({ ...good, true_peak_db: -1 }, 'chapter');
    const text = describeRejections([
      { file: '02 - One.mp3', verdict: bad },
      { file: '03 - Two.mp3', verdict: validateMeasurement(good, 'chapter') },
    ]);
    expect(text).toBe(
      '1 file(s) are not ACX-compliant — 02 - One.mp3: true peak -1.0 dBFS is above -3 dBFS',
    );
  });
});
