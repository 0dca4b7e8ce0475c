import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  formatBytes,
  formatChannels,
  formatDb,
  formatDuration,
  formatEta,
  formatJobType,
  formatSampleRate,
} from '../../renderer/src/lib/format.ts';

describe('studio formatting', () => {
  it('formats durations for uptime and audio length', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(0.4)).toBe('0.4 s');
    expect(formatDuration(45.9)).toBe('45 s');
    expect(formatDuration(750)).toBe('12 min 30 s');
    expect(formatDuration(1800)).toBe('30 min 00 s');
    expect(formatDuration(3_900)).toBe('1 h 05 min');
    expect(formatDuration(90_000)).toBe('1 d 1 h');
    expect(formatDuration(Number.NaN)).toBe('–');
  });

  it('formats ETAs, or nothing when the engine has no estimate', () => {
    expect(formatEta(null)).toBeNull();
    expect(formatEta(0.2)).toBe('almost done');
    expect(formatEta(4.2)).toBe('about 5 s left');
    expect(formatEta(130)).toBe('about 2 min 10 s left');
  });

  it('formats levels with a real minus sign', () => {
    expect(formatDb(-21.07, 'dBFS')).toBe('\u221221.1 dBFS');
    expect(formatDb(0.04)).toBe('0.0 dB');
    expect(formatDb(-0.04)).toBe('0.0 dB');
    expect(formatDb(3.25, 'LU')).toBe('3.3 LU');
    expect(formatDb(Number.NEGATIVE_INFINITY)).toBe('\u2212∞ dB');
  });

  it('formats sizes, rates, channels, job types and percentages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(57_600_044)).toBe('57.6 MB');
    expect(formatBytes(1_500)).toBe('1.50 kB');
    expect(formatSampleRate(44_100)).toBe('44.1 kHz');
    expect(formatSampleRate(16_000)).toBe('16 kHz');
    expect(formatChannels(1)).toBe('mono');
    expect(formatChannels(2)).toBe('stereo');
    expect(formatChannels(6)).toBe('6 channels');
    expect(formatJobType('audio_analysis')).toBe('Audio analysis');
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(42.6)).toBe(43);
    expect(clampPercent(140)).toBe(100);
  });
});
