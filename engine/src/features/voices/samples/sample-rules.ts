/**
 * What a voice sample must be, and what it should be (document 3, "Voices": "Sample quality
 * guidance: 10 to 60 seconds per sample, WAV, MP3 or M4A, 22 kHz or higher, clean speech, 2 to
 * 5 samples for higher quality"; "Clone reference: 5 to 30 seconds"). Hard rules refuse the
 * sample with 400 `invalid_audio` before anything else happens (no pack check, no charge);
 * guidance that is not met is reported as a warning beside the measurements
 * (docs/api/voices-custom.md has the table).
 */
import { AppError } from '../../../errors.ts';
import type { SampleMeasure, SampleProbe } from './sample-measure.ts';

export type SampleKind = 'sample' | 'multi_sample' | 'clone' | 'live' | 'conversion';

export const SAMPLE_SECONDS: Record<SampleKind, { min: number; max: number }> = {
  sample: { min: 10, max: 60 },
  multi_sample: { min: 10, max: 60 },
  clone: { min: 5, max: 30 },
  /** The studio's meter scores what has been recorded so far. */
  live: { min: 1, max: 120 },
  /** A recording to re-voice (the converter holds it whole). */
  conversion: { min: 1, max: 300 },
};

/** Files per multi-sample voice. */
export const MULTI_SAMPLE_FILES = { min: 2, max: 5 };

/** Below this the speaker encoders (16 kHz) have too little to work with. */
const MIN_SAMPLE_RATE = 16_000;
const GOOD_SAMPLE_RATE = 22_050;
/** A clip that is less than this share speech is music, noise or silence. */
const MIN_SPEECH_SHARE = 0.4;
const GOOD_SPEECH_SHARE = 0.7;
const MAX_CLIPPED = 0.01;
const GOOD_CLIPPED = 0.001;
const GOOD_SNR_DB = 25;
const GOOD_DNSMOS_BAK = 3.5;
const GOOD_DNSMOS_OVRL = 3;

function refuse(
  reason: string,
  message: string,
  details: Record<string, unknown>,
  filename: string,
): AppError {
  return new AppError('invalid_audio', `${filename}: ${message}`, {
    details: { reason, file: filename, ...details },
  });
}

/** Length and rate, from the probe alone (before decoding anything). */
export function checkProbe(kind: SampleKind, probe: SampleProbe, filename: string): void {
  const { min, max } = SAMPLE_SECONDS[kind];
  const seconds = Math.round(probe.duration_seconds * 10) / 10;
  const range = { min_seconds: min, max_seconds: max, duration_seconds: seconds };
  if (probe.duration_seconds < min)
    throw refuse(
      'too_short',
      `is ${seconds} s long; a sample needs ${min} to ${max} s.`,
      range,
      filename,
    );
  if (probe.duration_seconds > max)
    throw refuse(
      'too_long',
      `is ${seconds} s long; a sample needs ${min} to ${max} s.`,
      range,
      filename,
    );
  if (probe.sample_rate > 0 && probe.sample_rate < MIN_SAMPLE_RATE)
    throw refuse(
      'sample_rate_too_low',
      `is sampled at ${probe.sample_rate} Hz; at least ${MIN_SAMPLE_RATE} Hz is needed (22 kHz or higher recommended).`,
      { sample_rate: probe.sample_rate, min_sample_rate: MIN_SAMPLE_RATE },
      filename,
    );
}

/** The hard rules on the measurements; returns the guidance not met. */
export function judgeSample(measure: SampleMeasure): string[] {
  const name = measure.filename;
  if (measure.speech_share < MIN_SPEECH_SHARE)
    throw refuse(
      'not_speech',
      `does not sound like speech: the voice detector found speech in ${Math.round(measure.speech_share * 100)} % of it (music, noise or silence?). Record a person speaking.`,
      { speech_share: measure.speech_share, min_speech_share: MIN_SPEECH_SHARE },
      name,
    );
  if (measure.clipped_share > MAX_CLIPPED)
    throw refuse(
      'clipped',
      `is clipped in ${(measure.clipped_share * 100).toFixed(1)} % of its samples; record at a lower level.`,
      { clipped_share: measure.clipped_share, max_clipped_share: MAX_CLIPPED },
      name,
    );
  const warnings: string[] = [];
  if (measure.sample_rate < GOOD_SAMPLE_RATE)
    warnings.push(`sample rate ${measure.sample_rate} Hz: 22 kHz or higher is recommended`);
  if (measure.speech_share < GOOD_SPEECH_SHARE)
    warnings.push(
      `speech fills ${Math.round(measure.speech_share * 100)} % of the clip: trim long pauses`,
    );
  if (measure.clipped_share > GOOD_CLIPPED) warnings.push('some peaks are clipped');
  if (measure.snr_db !== null && measure.snr_db < GOOD_SNR_DB)
    warnings.push(
      `background noise: speech is ${measure.snr_db} dB above the noise floor (25 dB or more is clean)`,
    );
  if (measure.dnsmos && measure.dnsmos.bak < GOOD_DNSMOS_BAK)
    warnings.push(
      `DNSMOS background score ${measure.dnsmos.bak} (3.5 or more is clean); try denoise`,
    );
  if (measure.dnsmos && measure.dnsmos.ovrl < GOOD_DNSMOS_OVRL)
    warnings.push(`DNSMOS overall score ${measure.dnsmos.ovrl} (3 or more is good)`);
  return warnings;
}

/** `good` with no warnings, `fair` with one or two, `poor` with more. */
export function overallQuality(warnings: number): 'good' | 'fair' | 'poor' {
  if (warnings === 0) return 'good';
  return warnings <= 2 ? 'fair' : 'poor';
}
