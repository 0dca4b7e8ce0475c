/**
 * The Stems page: choose a file and a mode, see the quote (measured duration, each group's
 * price, the total), start the separation, follow its progress, then mix the stems. The page
 * says plainly when the embedded DSP separator (the lower quality tier) does the work.
 */
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { StemMixer, type MixerStem } from './StemMixer.tsx';
import { StemsClient } from './stems-client.ts';
import type {
  StemCatalogEntry,
  StemChoice,
  StemJob,
  StemPackages,
  StemQuote,
} from './stems-types.ts';
import './stems.css';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function StemsPage() {
  const api = useApi();
  const client = useMemo(() => new StemsClient(), []);
  const [packages, setPackages] = useState<StemPackages | null>(null);
  const [catalog, setCatalog] = useState<StemCatalogEntry[]>([]);
  const [fileKey, setFileKey] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [choice, setChoice] = useState<StemChoice>({ mode: 'four' });
  const [quote, setQuote] = useState<StemQuote | null>(null);
  const [job, setJob] = useState<StemJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [origin, setOrigin] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    client.packages(abort.signal).then(setPackages, (e: unknown) => setError(message(e)));
    client.catalog(abort.signal).then(setCatalog, (e: unknown) => setError(message(e)));
    void client.origin().then(setOrigin);
    return () => abort.abort();
  }, [client]);

  useEffect(() => {
    if (!fileKey) return;
    const abort = new AbortController();
    setQuote(null);
    client.quote(fileKey, choice, abort.signal).then(
      (q) => {
        setQuote(q);
        setError(null);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) setError(message(e));
      },
    );
    return () => abort.abort();
  }, [client, fileKey, choice]);

  useEffect(() => {
    if (!job || job.status === 'COMPLETED' || job.status === 'FAILED' || job.status === 'CANCELLED')
      return;
    const timer = setInterval(() => {
      void api.getJob(job.id).then(async (j) => {
        if (j.status === 'completed' || j.status === 'failed' || j.status === 'cancelled') {
          setJob(await client.status(job.id));
        } else {
          setJob((old) =>
            old
              ? {
                  ...old,
                  status: j.status === 'running' ? 'PROCESSING' : 'PENDING',
                  progress: Math.round(j.progress),
                  stage: j.stage,
                  eta_seconds: j.eta_seconds,
                }
              : old,
          );
        }
      });
    }, 700);
    return () => clearInterval(timer);
  }, [api, client, job]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    setJob(null);
    try {
      const stored = await api.uploadFile(file, file.name);
      setFileKey(stored.file_key);
      setFileName(file.name);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!fileKey) return;
    setBusy(true);
    try {
      setJob((await client.start(fileKey, choice)).job);
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  const modes = packages?.modes ?? [];
  const current = modes.find((m) => m.mode === choice.mode);
  const dspEngine = packages?.engines.find((e) => e.tier === 'dsp');
  const neural = packages?.engines.filter((e) => e.tier === 'neural') ?? [];
  const mixerStems: MixerStem[] =
    job?.status === 'COMPLETED'
      ? job.outputs.flatMap((o) => {
          const url = job.download_urls[o.stem];
          return url
            ? [{ stem: o.stem, url: `${origin}${url}`, engine: o.engine, tier: o.tier }]
            : [];
        })
      : [];

  return (
    <div className="stems-page">
      <section className="card stems-engines" aria-label="Separation engines">
        <h2>Engines on this machine</h2>
        {neural.length === 0 && dspEngine && (
          <p className="stems-notice" data-testid="stems-dsp-notice">
            Only the embedded DSP separator is installed. It is the{' '}
            <strong>lower quality tier</strong>: signal processing, not a trained model, so expect
            bleed between stems. Install a neural separator pack for cleaner results.
          </p>
        )}
        <ul>
          {packages?.engines.map((e) => (
            <li key={e.id}>
              <span className={`stems-badge stems-badge--${e.tier}`}>
                {e.tier === 'dsp' ? 'DSP · lower quality' : 'neural'}
              </span>{' '}
              {e.title}
            </li>
          ))}
        </ul>
      </section>

      <section className="card stems-form" aria-label="New separation">
        <h2>Separate a track</h2>
        <label className="field">
          <span>Audio file</span>
          <input
            type="file"
            accept="audio/*,video/*"
            data-testid="stems-file"
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {fileName && <p>File: {fileName}</p>}
        <label className="field">
          <span>Mode</span>
          <select
            value={choice.mode}
            data-testid="stems-mode"
            onChange={(e) => {
              const mode = e.target.value as StemChoice['mode'];
              setChoice(
                mode === 'single'
                  ? { mode, stem: 'vocals' }
                  : mode === 'catalog'
                    ? { mode, single_stem: 'vocals' }
                    : { mode },
              );
            }}
          >
            {modes.map((m) => (
              <option key={m.mode} value={m.mode} disabled={!m.allowed || !m.available}>
                {m.mode} — {m.description}
                {!m.allowed
                  ? ` (needs ${m.required_tier})`
                  : !m.available
                    ? ' (no installed engine)'
                    : ''}
              </option>
            ))}
            <option value="catalog">
              catalog — isolate one of the 45 catalog stems or remove one
            </option>
          </select>
        </label>
        {choice.mode === 'catalog' && (
          <>
            <label className="field">
              <span>Isolate</span>
              <select
                value={choice.single_stem ?? ''}
                data-testid="stems-catalog"
                onChange={(e) => setChoice({ ...choice, single_stem: e.target.value || undefined })}
              >
                <option value="">(nothing)</option>
                {catalog.map((entry) => (
                  <option
                    key={entry.id}
                    value={entry.id}
                    disabled={!entry.allowed || !entry.available}
                  >
                    {entry.label}
                    {!entry.allowed
                      ? ` (needs ${entry.public_tier})`
                      : !entry.available
                        ? ' (no installed engine)'
                        : ''}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Remove from the mix</span>
              <select
                value={choice.exclude_stems?.[0] ?? ''}
                onChange={(e) =>
                  setChoice({
                    ...choice,
                    exclude_stems: e.target.value ? [e.target.value] : undefined,
                  })
                }
              >
                <option value="">(nothing)</option>
                {catalog
                  .filter((entry) => entry.excludable)
                  .map((entry) => (
                    <option
                      key={entry.id}
                      value={entry.id}
                      disabled={!entry.allowed || !entry.available}
                    >
                      {entry.label}
                    </option>
                  ))}
              </select>
            </label>
          </>
        )}
        {choice.mode === 'single' && (
          <label className="field">
            <span>Stem</span>
            <select
              value={choice.stem}
              onChange={(e) => setChoice({ mode: 'single', stem: e.target.value })}
            >
              {current?.stems.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
        {quote && (
          <div className="stems-quote" data-testid="stems-quote">
            <p>
              {quote.duration_seconds.toFixed(1)} s of audio (billed {quote.billed_seconds} s):{' '}
              <strong>{quote.total_credits} credits</strong> (${quote.total_usd.toFixed(4)})
            </p>
            <p>
              Stems:{' '}
              {quote.outputs.map((o) => `${o.stem}${o.tier === 'dsp' ? ' (DSP)' : ''}`).join(', ')}
              {quote.unavailable_stems.length > 0 && (
                <> · not available here: {quote.unavailable_stems.join(', ')}</>
              )}
            </p>
          </div>
        )}
        <button
          type="button"
          className="button button--primary"
          data-testid="stems-start"
          disabled={!fileKey || busy || !quote}
          onClick={() => void start()}
        >
          Separate
        </button>
        {error && (
          <p role="alert" className="stems-error">
            {error}
          </p>
        )}
      </section>

      {job && (
        <section
          className="card stems-progress"
          aria-label="Separation progress"
          data-testid="stems-job"
        >
          <h2>
            Job {job.id}: <span data-testid="stems-status">{job.status}</span>
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
            <p
              className={job.quality_tier === 'dsp' ? 'stems-notice' : ''}
              data-testid="stems-quality"
            >
              {job.quality_note}
            </p>
          )}
          {job.failed_stems && (
            <p className="stems-error">
              Failed:{' '}
              {Object.entries(job.failed_stems)
                .map(([s, r]) => `${s} (${r})`)
                .join('; ')}
            </p>
          )}
        </section>
      )}

      {mixerStems.length > 0 && (
        <StemMixer stems={mixerStems} baseName={fileName.replace(/\.[^.]+$/, '') || 'stems'} />
      )}
    </div>
  );
}
