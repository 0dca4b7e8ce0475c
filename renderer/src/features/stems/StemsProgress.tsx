/** The separation job's card: live progress and time left, then the quality note or the failure. */
import { formatEta } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Card } from '../../ui/Card.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { stemLabel, stemStatusWords } from './stem-words.ts';
import type { StemJob } from './stems-types.ts';

export function StemsProgress({ job }: { job: StemJob }) {
  const running = job.status === 'PENDING' || job.status === 'PROCESSING';
  return (
    <Card
      title={job.original_filename}
      description={
        <span data-testid="stems-status" data-status={job.status}>
          {stemStatusWords(job.status)}
        </span>
      }
      testId="stems-job"
    >
      {running && (
        <>
          <ProgressBar
            value={job.progress}
            label="Separation progress"
            valueText={[job.stage, formatEta(job.eta_seconds)].filter(Boolean).join(', ')}
            indeterminate={job.status === 'PENDING'}
          />
          <p className="muted small">
            {job.progress}% {job.stage ?? ''}
            {formatEta(job.eta_seconds) && ` · ${formatEta(job.eta_seconds)}`}
          </p>
        </>
      )}
      {job.status === 'FAILED' && <Alert tone="error">{job.error_message}</Alert>}
      {job.status === 'COMPLETED' && (
        <Alert tone={job.quality_tier === 'dsp' ? 'warn' : 'ok'} testId="stems-quality">
          {job.quality_note}
        </Alert>
      )}
      {job.failed_stems && (
        <Alert tone="error">
          Failed:{' '}
          {Object.entries(job.failed_stems)
            .map(([s, r]) => `${stemLabel(s)} (${r})`)
            .join('; ')}
        </Alert>
      )}
    </Card>
  );
}
