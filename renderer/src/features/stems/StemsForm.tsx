/**
 * "Separate a track": the file, the mode (or the catalog's isolate / remove form), the quote for
 * that choice, and the Separate button.
 */
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Select } from '../../ui/Select.tsx';
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
      <FileDrop
        label="Audio file"
        accept="audio/*,video/*"
        testId="stems-file"
        disabled={busy}
        onFile={(file) => void separation.upload(file)}
      />
      {fileName && <p>File: {fileName}</p>}
      <Select
        label="What to separate"
        testId="stems-mode"
        value={choice.mode}
        onChange={(mode) => setChoice(modeChoice(mode))}
        options={[
          ...modes.map((m) => ({
            value: m.mode,
            label: stemModeWords(m.mode),
            disabled: !m.allowed || !m.available,
            note: !m.allowed
              ? `(needs the ${m.required_tier} plan)`
              : !m.available
                ? '(not installed)'
                : undefined,
          })),
          { value: 'catalog' as const, label: stemModeWords('catalog') },
        ]}
      />
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
          <Select
            label="Isolate"
            testId="stems-catalog"
            value={choice.single_stem ?? ''}
            onChange={(id) => setChoice({ ...choice, single_stem: id || undefined })}
            options={[
              { value: '', label: 'Nothing' },
              ...catalog.map((entry) => ({
                value: entry.id,
                label: entry.label,
                disabled: !entry.allowed || !entry.available,
                note: !entry.allowed
                  ? `(needs the ${entry.public_tier} plan)`
                  : !entry.available
                    ? '(not installed)'
                    : undefined,
              })),
            ]}
          />
          <Select
            label="Remove from the mix"
            testId="stems-exclude"
            value={choice.exclude_stems?.[0] ?? ''}
            onChange={(id) => setChoice({ ...choice, exclude_stems: id ? [id] : undefined })}
            options={[
              { value: '', label: 'Nothing' },
              ...catalog
                .filter((entry) => entry.excludable)
                .map((entry) => ({
                  value: entry.id,
                  label: entry.label,
                  disabled: !entry.allowed || !entry.available,
                })),
            ]}
          />
        </>
      )}
      {choice.mode === 'single' && current && (
        <SegmentedControl
          label="Stem"
          testId="stems-single"
          value={choice.stem ?? null}
          onChange={(stem) => setChoice({ mode: 'single', stem })}
          options={current.stems.map((s) => ({ value: s, label: stemLabel(s) }))}
        />
      )}
      {quote && (
        <div className="stems-quote" data-testid="stems-quote">
          <p>
            {quote.duration_seconds.toFixed(1)} s of audio (billed {quote.billed_seconds} s):{' '}
            <strong>{quote.total_credits} credits</strong> (${quote.total_usd.toFixed(4)})
          </p>
          <p>
            Stems:{' '}
            {quote.outputs
              .map((o) => `${stemLabel(o.stem)}${o.tier === 'dsp' ? ' (DSP)' : ''}`)
              .join(', ')}
            {quote.unavailable_stems.length > 0 && (
              <> · not available here: {quote.unavailable_stems.map(stemLabel).join(', ')}</>
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
