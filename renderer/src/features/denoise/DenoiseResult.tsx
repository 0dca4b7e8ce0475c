/**
 * A noise reduction job's card: progress (stage, percent, time left) while it runs, then the
 * measured reduction, the A/B comparison of before and after, and the downloads.
 */
import { ABPlayer } from '../../ui/audio/ABPlayer.tsx';
import { isFinished, type DenoiseJob } from './denoise-types.ts';

function eta(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds >= 60 ? ` · about ${Math.ceil(seconds / 60)} min left` : ` · ${seconds} s left`;
}

export function DenoiseResult({ job }: { job: DenoiseJob }) {
  const done = job.status === 'COMPLETED' ? job : null;
  return (
    <section className="card" aria-label="Progress" data-testid="denoise-job">
      <h2>
        {job.original_filename} · {job.engine}
      </h2>
      {!isFinished(job) && (
        <>
          <progress className="denoise-progress" max={100} value={job.progress} />
          <p data-testid="denoise-status">
            {job.status === 'PENDING'
              ? 'Waiting to start'
              : `${job.stage ?? 'working'} · ${Math.round(job.progress)} %`}
            {eta(job.eta_seconds)}
          </p>
        </>
      )}
      {job.status === 'FAILED' && (
        <p className="denoise-error" role="alert" data-testid="denoise-failed">
          Noise reduction failed: {job.error}
        </p>
      )}
      {done && (
        <>
          <p>
            Noise reduced by{' '}
            <span className="denoise-figure" data-testid="denoise-reduction">
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
          <p className="denoise-controls">
            {done.denoised_audio_url && (
              <a className="button" href={done.denoised_audio_url} data-testid="denoise-download">
                Download audio
              </a>
            )}
            {done.video_output_url && (
              <a
                className="button"
                href={done.video_output_url}
                data-testid="denoise-download-video"
              >
                Download video
              </a>
            )}
          </p>
        </>
      )}
    </section>
  );
}
