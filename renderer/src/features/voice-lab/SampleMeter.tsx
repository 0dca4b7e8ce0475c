/** The quality meter: the engine's measurements of a sample (DNSMOS, speech, level, verdict). */
import type { SampleReport } from './voice-lab-types.ts';

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

export function SampleMeter({ report }: { report: SampleReport }) {
  const file = report.files[0];
  const ovrl = file?.dnsmos?.ovrl ?? null;
  return (
    <div className={`vl-meter vl-meter--${report.quality}`} data-testid="sample-meter">
      <div className="vl-meter__score">
        <span className="vl-meter__label">Recording quality (DNSMOS)</span>
        <strong data-testid="sample-dnsmos">{ovrl === null ? '—' : ovrl.toFixed(2)}</strong>
        <span className="muted">/ 5</span>
        <meter min={1} max={5} low={2.5} high={3.2} optimum={5} value={ovrl ?? 1} />
      </div>
      {file && (
        <dl className="vl-meter__facts">
          <dt>Length</dt>
          <dd>{file.duration_seconds.toFixed(1)} s</dd>
          <dt>Speech</dt>
          <dd data-testid="sample-speech">{percent(file.speech_share)}</dd>
          <dt>Noise margin</dt>
          <dd>{file.snr_db === null ? '—' : `${file.snr_db} dB`}</dd>
          <dt>Overall</dt>
          <dd data-testid="sample-quality">{report.quality}</dd>
        </dl>
      )}
      {report.refusal && (
        <p className="vl-meter__refusal" role="alert" data-testid="sample-refusal">
          {report.refusal.message}
        </p>
      )}
      {report.warnings.length > 0 && (
        <ul className="vl-meter__warnings">
          {report.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
