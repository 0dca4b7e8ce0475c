/** The quality meter: the engine's measurements of a sample (quality score, speech, level, verdict). */
import { cx } from '../../ui/cx.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Alert } from '../../ui/Alert.tsx';
import type { SampleReport } from './voice-lab-types.ts';
import styles from './VoiceLab.module.css';

const percent = (share: number) => `${Math.round(share * 100)} %`;

export function SampleMeter({ report }: { report: SampleReport }) {
  const file = report.files[0];
  const ovrl = file?.dnsmos?.ovrl ?? null;
  const tone =
    report.quality === 'good' ? styles.good : report.quality === 'poor' ? styles.poor : null;
  return (
    <div
      className={cx(styles.meter, tone)}
      data-testid="sample-meter"
      data-quality={report.quality}
    >
      <div className={styles.score}>
        <span className="muted small">Recording quality (1 to 5)</span>
        <span className={styles.scoreValue} data-testid="sample-dnsmos">
          {ovrl === null ? '—' : ovrl.toFixed(2)}
        </span>
        <ProgressBar
          value={ovrl === null ? 0 : ((ovrl - 1) / 4) * 100}
          label="Recording quality"
          valueText={ovrl === null ? 'not measured' : `${ovrl.toFixed(2)} of 5`}
          tone={
            report.quality === 'poor' ? 'failed' : report.quality === 'good' ? 'done' : 'active'
          }
        />
      </div>
      {file && (
        <dl className={styles.facts}>
          <dt>Length</dt>
          <dd>{file.duration_seconds.toFixed(1)} s</dd>
          <dt>Speech</dt>
          <dd data-testid="sample-speech">{percent(file.speech_share)}</dd>
          <dt>Above the noise</dt>
          <dd>{file.snr_db === null ? '—' : `${file.snr_db} dB`}</dd>
          <dt>Overall</dt>
          <dd data-testid="sample-quality">{report.quality}</dd>
        </dl>
      )}
      {report.refusal && (
        <div className={styles.notes}>
          <Alert tone="error" testId="sample-refusal">
            {report.refusal.message}
          </Alert>
        </div>
      )}
      {report.warnings.length > 0 && (
        <ul className={styles.notes}>
          {report.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
