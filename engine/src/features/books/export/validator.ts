/**
 * The ACX validator: pure rules over a file's measurements (file-measure.ts). Every broken rule
 * is one violation naming the rule, the measured value and the limit, so an export is rejected
 * with the exact reason per file and "check my files" answers the same report.
 *
 * Kinds: `chapter` (chapters and credits: every rule), `sample` (the retail sample: a clip, so no
 * head/tail room-tone rule, at most 5 minutes), `upload` (a file checked for the user: the
 * chapter rules).
 */
import { ACX_RULES } from './acx-rules.ts';
import type { FileMeasurement } from './file-measure.ts';

export type FileKind = 'chapter' | 'sample' | 'upload';

export type RuleName =
  | 'format'
  | 'bitrate'
  | 'constant_bitrate'
  | 'sample_rate'
  | 'channels'
  | 'rms'
  | 'true_peak'
  | 'noise_floor'
  | 'room_tone'
  | 'head_silence'
  | 'tail_silence'
  | 'duration';

export interface Violation {
  rule: RuleName;
  message: string;
  measured: number | string | boolean | null;
  limit: string;
}

export interface FileVerdict {
  passed: boolean;
  violations: Violation[];
}

type Rules = typeof ACX_RULES;

const dB = (value: number | null): string => (value === null ? '−∞' : `${value.toFixed(1)}`);

function range(
  out: Violation[],
  rule: RuleName,
  label: string,
  value: number | null,
  min: number,
  max: number,
  unit: string,
): void {
  if (value !== null && value >= min && value <= max) return;
  const side = value === null || value < min ? 'below' : 'above';
  out.push({
    rule,
    message: `${label} ${dB(value)} ${unit} is ${side} the allowed ${min}…${max} ${unit}`,
    measured: value,
    limit: `${min}…${max} ${unit}`,
  });
}

export function validateMeasurement(
  m: FileMeasurement,
  kind: FileKind,
  rules: Rules = ACX_RULES,
): FileVerdict {
  const v: Violation[] = [];
  const isMp3 = m.codec === 'mp3' && m.container === 'mp3';
  if (!isMp3)
    v.push({
      rule: 'format',
      message: `format ${m.container}/${m.codec} is not MP3`,
      measured: `${m.container}/${m.codec}`,
      limit: 'mp3',
    });
  if (m.bitrate_kbps === null || m.bitrate_kbps < rules.minBitrateKbps)
    v.push({
      rule: 'bitrate',
      message: `bitrate ${m.bitrate_kbps ?? 'unknown'} kbps is below ${rules.minBitrateKbps} kbps`,
      measured: m.bitrate_kbps,
      limit: `≥ ${rules.minBitrateKbps} kbps CBR`,
    });
  if (isMp3 && m.cbr === false)
    v.push({
      rule: 'constant_bitrate',
      message: 'the bitrate varies between frames (VBR); ACX needs constant bitrate',
      measured: false,
      limit: 'CBR',
    });
  if (m.sample_rate !== rules.sampleRate)
    v.push({
      rule: 'sample_rate',
      message: `sample rate ${m.sample_rate ?? 'unknown'} Hz is not ${rules.sampleRate} Hz`,
      measured: m.sample_rate,
      limit: `${rules.sampleRate} Hz`,
    });
  if (m.channels !== rules.channels)
    v.push({
      rule: 'channels',
      message: `${m.channels ?? 'unknown'} channels; Tapehouse packages are mono`,
      measured: m.channels,
      limit: 'mono',
    });
  range(v, 'rms', 'RMS level', m.rms_db, rules.rmsMinDb, rules.rmsMaxDb, 'dB');
  if (m.true_peak_db !== null && m.true_peak_db > rules.truePeakMaxDb)
    v.push({
      rule: 'true_peak',
      message: `true peak ${dB(m.true_peak_db)} dBFS is above ${rules.truePeakMaxDb} dBFS`,
      measured: m.true_peak_db,
      limit: `≤ ${rules.truePeakMaxDb} dBFS`,
    });
  if (m.noise_floor_db === null)
    v.push({
      rule: 'room_tone',
      message: 'the quiet parts are digital silence; ACX expects room tone, not digital zero',
      measured: null,
      limit: `room tone ≤ ${rules.noiseFloorMaxDb} dB, not digital zero`,
    });
  else if (m.noise_floor_db > rules.noiseFloorMaxDb)
    v.push({
      rule: 'noise_floor',
      message: `noise floor ${dB(m.noise_floor_db)} dB is above ${rules.noiseFloorMaxDb} dB`,
      measured: m.noise_floor_db,
      limit: `≤ ${rules.noiseFloorMaxDb} dB`,
    });
  if (kind !== 'sample') {
    range(
      v,
      'head_silence',
      'room tone at the head',
      m.head_silence_seconds,
      rules.headMinSeconds,
      rules.headMaxSeconds,
      's',
    );
    range(
      v,
      'tail_silence',
      'room tone at the tail',
      m.tail_silence_seconds,
      rules.tailMinSeconds,
      rules.tailMaxSeconds,
      's',
    );
  }
  const maxSeconds = kind === 'sample' ? rules.maxSampleSeconds : rules.maxChapterSeconds;
  if (m.duration_seconds > maxSeconds)
    v.push({
      rule: 'duration',
      message: `length ${(m.duration_seconds / 60).toFixed(1)} min is over ${maxSeconds / 60} min`,
      measured: m.duration_seconds,
      limit: `≤ ${maxSeconds} s`,
    });
  return { passed: v.length === 0, violations: v };
}

/** One line for a job's error message: `02 - Chapter Two.mp3: rms −25.1 dB …; …`. */
export function describeRejections(
  files: readonly {
    file: string;
    verdict: { passed: boolean; violations: { message: string }[] };
  }[],
  maxFiles = 5,
): string {
  const failed = files.filter((f) => !f.verdict.passed);
  const parts = failed
    .slice(0, maxFiles)
    .map((f) => `${f.file}: ${f.verdict.violations.map((x) => x.message).join('; ')}`);
  const more = failed.length > maxFiles ? ` (and ${failed.length - maxFiles} more files)` : '';
  return `${failed.length} file(s) are not ACX-compliant — ${parts.join(' | ')}${more}`;
}
