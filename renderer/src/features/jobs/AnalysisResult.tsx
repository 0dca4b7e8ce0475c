/** The levels and waveform of a completed `audio_analysis` job. */
import { useMemo } from 'react';
import type { AudioAnalysisResult } from '../../api/types.ts';
import { analysisLook } from '../../ui/audio/wave-looks.ts';
import { Waveform } from '../../ui/audio/Waveform.tsx';
import { formatChannels, formatDb, formatDuration, formatSampleRate } from '../../lib/format.ts';
import styles from './Jobs.module.css';

/** Narrows an unknown `result` to the analysis shape; null if the engine sent something else. */
export function asAnalysisResult(result: unknown): AudioAnalysisResult | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as Record<string, unknown>;
  const numbers = [
    'duration_seconds',
    'rms_db',
    'peak_db',
    'true_peak_db',
    'noise_floor_db',
    'integrated_lufs',
    'loudness_range_lu',
    'sample_rate',
    'channels',
  ];
  // Levels of digital silence may legitimately be null/-Infinity in JSON; only the type matters.
  if (!numbers.every((key) => typeof r[key] === 'number' || r[key] === null)) return null;
  if (!Array.isArray(r.waveform)) return null;
  return result as AudioAnalysisResult;
}

const level = (value: number | null, unit?: string) =>
  value === null ? '–' : formatDb(value, unit);

export function AnalysisResult({ result, name }: { result: AudioAnalysisResult; name: string }) {
  // [label, value, test id, longer description for the tooltip]
  const metrics: [string, string, string, string][] = [
    [
      'Loudness',
      level(result.integrated_lufs, 'LUFS'),
      'result-lufs',
      'Integrated loudness (EBU R128)',
    ],
    ['RMS', level(result.rms_db, 'dBFS'), 'result-rms', 'Average (RMS) level'],
    ['Sample peak', level(result.peak_db, 'dBFS'), 'result-peak', 'Highest sample'],
    [
      'True peak',
      level(result.true_peak_db, 'dBTP'),
      'result-true-peak',
      'Inter-sample peak (EBU R128 true peak)',
    ],
    [
      'Noise floor',
      level(result.noise_floor_db, 'dBFS'),
      'result-noise-floor',
      'Level of the quietest tenth of the recording (room tone)',
    ],
    [
      'Loudness range',
      level(result.loudness_range_lu, 'LU'),
      'result-lra',
      'Loudness range (EBU R128 LRA)',
    ],
  ];
  return (
    <div className={styles.analysis} data-testid="analysis-result">
      <p className={styles.analysisFormat}>
        {formatDuration(result.duration_seconds)} · {formatSampleRate(result.sample_rate)} ·{' '}
        {formatChannels(result.channels)}
      </p>
      <dl className={styles.metrics}>
        {metrics.map(([label, value, testId, description]) => (
          <div className={styles.metric} key={label} title={description}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <AnalysisWaveform result={result} name={name} />
    </div>
  );
}

/**
 * The analysis's peaks (0..1 per slice) as bars; peaks in other units (above 1) are scaled to
 * their own maximum.
 */
function AnalysisWaveform({ result, name }: { result: AudioAnalysisResult; name: string }) {
  const look = useMemo(() => {
    const finite = result.waveform.map((p) => (Number.isFinite(p) ? Math.abs(p) : 0));
    return { ...analysisLook(), normalize: Math.max(0, ...finite) > 1 };
  }, [result.waveform]);
  const height = look.height;
  return (
    <Waveform
      peaks={result.waveform}
      duration={Math.max(result.duration_seconds, 0.001)}
      look={look}
      className={styles.waveform}
      style={{ height }}
      testId="waveform"
      label={`Waveform of ${name}, ${formatDuration(result.duration_seconds)}`}
      data={{ 'data-points': result.waveform.length }}
    />
  );
}
