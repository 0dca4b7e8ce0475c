/**
 * A noise reduction job's card: progress (stage, percent, time left) while it runs, then the
 * measured reduction, the A/B comparison of before and after, and the downloads.
 */
import { formatEta } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ABPlayer } from '../../ui/audio/ABPlayer.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { isFinished, type DenoiseJob } from './denoise-types.ts';
import styles from './Denoise.module.css';

export function DenoiseResult({ job }: { job: DenoiseJob }) {
  const done = job.status === 'COMPLETED' ? job : null;
  return (
    <Card title={job.original_filename} description={job.engine} testId="denoise-job">
      {!isFinished(job) && (
        <>
          <ProgressBar
            value={job.progress}
            label="Noise reduction progress"
            indeterminate={job.status === 'PENDING'}
          />
          <p className="muted small" data-testid="denoise-status">
            {job.status === 'PENDING'
              ? 'Waiting to start'
              : `${job.stage ?? 'working'} · ${Math.round(job.progress)} %`}
            {formatEta(job.eta_seconds) && ` · ${formatEta(job.eta_seconds)}`}
          </p>
        </>
      )}
      {job.status === 'FAILED' && (
        <Alert tone="error" testId="denoise-failed">
          Noise reduction failed: {job.error}
        </Alert>
      )}
      {done && (
        <>
          <p>
            Noise reduced by{' '}
            <span className={styles.figure} data-testid="denoise-reduction">
              {done.noise_reduction_db?.toFixed(1)} dB
            </span>{' '}
            (background level {done.noise_floor_before_db?.toFixed(1) ?? '–'} →{' '}
            {done.noise_floor_after_db?.toFixed(1) ?? '–'} dBFS, measured on the quietest fifth of
            the recording).
          </p>
          {done.source_url && done.denoised_audio_url && (
            <ABPlayer
              testIdPrefix="denoise"
              a={{
                id: 'before',
                url: done.source_url,
                choice: 'A · Before',
                title: 'Before (original)',
              }}
              b={{
                id: 'after',
                url: done.denoised_audio_url,
                choice: 'B · After',
                title: 'After (denoised)',
              }}
            />
          )}
          <div className={styles.controls}>
            {done.denoised_audio_url && (
              <ButtonLink icon="download" href={done.denoised_audio_url} testId="denoise-download">
                Download audio
              </ButtonLink>
            )}
            {done.video_output_url && (
              <ButtonLink
                icon="download"
                href={done.video_output_url}
                testId="denoise-download-video"
              >
                Download video
              </ButtonLink>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
