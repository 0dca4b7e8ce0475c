/**
 * "Separate a track": the file, the mode (or the catalog's isolate / remove form), the quote for
 * that choice, and the Separate button.
 */
import { FileField } from '../../components/audio/FilePicker.tsx';
import { InstallLink } from '../models/InstallLink.tsx';
import { stemLabel, stemModeWords } from './stem-words.ts';
import type { StemChoice } from './stems-types.ts';
import type { StemSeparation } from './use-stem-separation.ts';

function modeChoice(mode: StemChoice['mode']): StemChoice {
  if (mode === 'single') return { mode, stem: 'vocals' };
  if (mode === 'catalog') return { mode, single_stem: 'vocals' };
  return { mode };
}

export function StemsForm({ separation }: { separation: StemSeparation }) {
  const { packages, catalog, choice, setChoice, quote, fileKey, fileName, busy, error } =
    separation;
  const modes = packages?.modes ?? [];
  const current = modes.find((m) => m.mode === choice.mode);
  return (
    <section className="card stems-form" aria-label="New separation">
      <h2>Separate a track</h2>
      <FileField
        label="Audio file"
        accept="audio/*,video/*"
        testId="stems-file"
        disabled={busy}
        onFile={(file) => void separation.upload(file)}
      />
      {fileName && <p>File: {fileName}</p>}
      <label className="field">
        <span>Mode</span>
        <select
          value={choice.mode}
          data-testid="stems-mode"
          onChange={(e) => setChoice(modeChoice(e.target.value as StemChoice['mode']))}
        >
          {modes.map((m) => (
            <option key={m.mode} value={m.mode} disabled={!m.allowed || !m.available}>
              {stemModeWords(m.mode)}
              {!m.allowed
                ? ` (needs ${m.required_tier})`
                : !m.available
                  ? ' (no installed engine)'
                  : ''}
            </option>
          ))}
          <option value="catalog">{stemModeWords('catalog')}</option>
        </select>
      </label>
      {modes.some((m) => m.allowed && !m.available) && (
        <p className="option--missing" data-testid="stems-missing-modes">
          Greyed out, needing a neural separation model:{' '}
          {modes
            .filter((m) => m.allowed && !m.available)
            .map((m) => stemModeWords(m.mode))
            .join('; ')}
          . <InstallLink task="stems" testId="stems-install" />
        </p>
      )}
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
                {stemLabel(s)}
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
        onClick={() => void separation.start()}
      >
        Separate
      </button>
      {error && (
        <p role="alert" className="stems-error">
          {error}
        </p>
      )}
    </section>
  );
}
