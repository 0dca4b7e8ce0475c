/**
 * The Noise reduction page: choose a recording (audio or video) and a quality mode, start the
 * job, follow its progress (stage, percent, time left), then compare before and after with A/B
 * playback, read the measured noise reduction and download the result.
 */
import { useEffect, useMemo, useState } from 'react';
import { BeforeAfter } from './BeforeAfter.tsx';
import { DenoiseClient } from './denoise-client.ts';
import { isFinished, type DenoiseJob, type QualityMode } from './denoise-types.ts';
import './denoise.css';

const MODES: { mode: QualityMode; title: string; about: string }[] = [
  {
    mode: 'balanced',
    title: 'Balanced',
    about: 'GTCRN at 16 kHz: fast, good for speech; the result is band-limited to 8 kHz.',
  },
  {
    mode: 'studio',
    title: 'Studio',
    about: 'DeepFilterNet3 at 48 kHz: full-band, the best quality; slower.',
  },
];

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function eta(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds >= 60 ? ` · about ${Math.ceil(seconds / 60)} min left` : ` · ${seconds} s left`;
}

export function DenoisePage() {
  const client = useMemo(() => new DenoiseClient(), []);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<QualityMode>('studio');
  const [job, setJob] = useState<DenoiseJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!job || isFinished(job)) return;
    const abort = new AbortController();
    const timer = setInterval(() => {
      client.job(job.id, abort.signal).then(setJob, (e: unknown) => {
        if (!abort.signal.aborted) setError(message(e));
      });
    }, 500);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [client, job]);

  async function start() {
    if (!file) return;
    setBusy(true);
    setError(null);
    setJob(null);
    try {
      setJob(await client.start(file, mode));
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  const done = job?.status === 'COMPLETED' ? job : null;

  return (
    <div className="denoise-page">
      <section className="card" aria-label="New noise reduction">
        <h2>Clean a recording</h2>
        <label className="field">
          <span>Audio or video file</span>
          <input
            type="file"
            accept="audio/*,video/*"
            data-testid="denoise-file"
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <fieldset className="denoise-modes">
          <legend>Quality</legend>
          {MODES.map((m) => (
            <label key={m.mode}>
              <input
                type="radio"
                name="denoise-mode"
                value={m.mode}
                checked={mode === m.mode}
                onChange={() => setMode(m.mode)}
                data-testid={`denoise-mode-${m.mode}`}
              />
              <span>
                <strong>{m.title}</strong> — {m.about}
              </span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--primary"
          disabled={!file || busy || (job !== null && !isFinished(job))}
          onClick={() => void start()}
          data-testid="denoise-start"
        >
          Reduce noise
        </button>
        {error && (
          <p className="denoise-error" role="alert" data-testid="denoise-error">
            {error}
          </p>
        )}
      </section>

      {job && (
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
                {done.noise_floor_after_db?.toFixed(1) ?? '–'} dBFS, measured on the quietest fifth
                of the recording).
              </p>
              {done.source_url && done.denoised_audio_url && (
                <BeforeAfter beforeUrl={done.source_url} afterUrl={done.denoised_audio_url} />
              )}
              <p className="denoise-controls">
                {done.denoised_audio_url && (
                  <a
                    className="button"
                    href={done.denoised_audio_url}
                    data-testid="denoise-download"
                  >
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
      )}
    </div>
  );
}
