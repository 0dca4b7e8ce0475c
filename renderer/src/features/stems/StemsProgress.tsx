/** The separation job's card: live progress and time left, then the quality note or the failure. */
import { stemLabel, stemStatusWords } from './stem-words.ts';
import type { StemJob } from './stems-types.ts';

export function StemsProgress({ job }: { job: StemJob }) {
  return (
    <section
      className="card stems-progress"
      aria-label="Separation progress"
      data-testid="stems-job"
    >
      <h2>
        {job.original_filename}:{' '}
        <span data-testid="stems-status" data-status={job.status}>
          {stemStatusWords(job.status)}
        </span>
      </h2>
      {(job.status === 'PENDING' || job.status === 'PROCESSING') && (
        <>
          <progress max={100} value={job.progress} aria-label="Separation progress" />
          <p>
            {job.progress}% {job.stage ?? ''}
            {job.eta_seconds !== null && ` · about ${Math.ceil(job.eta_seconds)} s left`}
          </p>
        </>
      )}
      {job.status === 'FAILED' && <p className="stems-error">{job.error_message}</p>}
      {job.status === 'COMPLETED' && (
        <p className={job.quality_tier === 'dsp' ? 'stems-notice' : ''} data-testid="stems-quality">
          {job.quality_note}
        </p>
      )}
      {job.failed_stems && (
        <p className="stems-error">
          Failed:{' '}
          {Object.entries(job.failed_stems)
            .map(([s, r]) => `${stemLabel(s)} (${r})`)
            .join('; ')}
        </p>
      )}
    </section>
  );
}
