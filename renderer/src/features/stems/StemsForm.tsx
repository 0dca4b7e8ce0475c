/**
 * "Separate a track": the file, the mode (or the catalog's isolate / remove form), the quote for
 * that choice in credits (and what they are worth at the Credits page's rate), and Separate.
 */
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FieldRow, FormMessages } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Select } from '../../ui/Select.tsx';
import { useCreditPrice } from '../credits/use-credit-price.ts';
import { InstallLink } from '../models/InstallLink.tsx';
import { stemLabel, stemModeWords } from './stem-words.ts';
import type { StemChoice } from './stems-types.ts';
import type { StemSeparation } from './use-stem-separation.ts';
import styles from './Stems.module.css';

function modeChoice(mode: StemChoice['mode']): StemChoice {
  if (mode === 'single') return { mode, stem: 'vocals' };
  if (mode === 'catalog') return { mode, single_stem: 'vocals' };
  return { mode };
}

export function StemsForm({ separation }: { separation: StemSeparation }) {
  const { packages, catalog, choice, setChoice, quote, fileKey, busy, error } = separation;
  const price = useCreditPrice();
  const modes = packages?.modes ?? [];
  const current = modes.find((m) => m.mode === choice.mode);
  const missing = modes.filter((m) => m.allowed && !m.available);

  return (
    <Card title="Separate a track" testId="stems-form">
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="stems-file"
        disabled={busy}
        onFile={separation.upload}
      />
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
              ? `needs the ${m.required_tier} plan`
              : !m.available
                ? 'needs a neural separator'
                : undefined,
          })),
          { value: 'catalog' as const, label: stemModeWords('catalog') },
        ]}
      />
      {missing.length > 0 && (
        <p className="muted small" data-testid="stems-missing-modes">
          Greyed out, needing a neural separation model:{' '}
          {missing.map((m) => stemModeWords(m.mode)).join('; ')}.{' '}
          <InstallLink task="stems" testId="stems-install" />
        </p>
      )}
      {choice.mode === 'catalog' && (
        <FieldRow>
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
                  ? `needs the ${entry.public_tier} plan`
                  : !entry.available
                    ? 'not installed'
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
        </FieldRow>
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
        <div className={styles.quote} data-testid="stems-quote">
          <p>
            {quote.duration_seconds.toFixed(1)} s of audio (billed {quote.billed_seconds} s):{' '}
            <strong data-testid="stems-price">{price.describe(quote.total_credits)}</strong>
          </p>
          <p>
            Stems:{' '}
            {quote.outputs
              .map((o) => `${stemLabel(o.stem)}${o.tier === 'dsp' ? ' (built-in)' : ''}`)
              .join(', ')}
            {quote.unavailable_stems.length > 0 && (
              <> · not available here: {quote.unavailable_stems.map(stemLabel).join(', ')}</>
            )}
          </p>
        </div>
      )}
      <FormMessages error={error} testId="stems-messages" />
      <div>
        <Button
          variant="primary"
          icon="stems"
          testId="stems-start"
          busy={busy}
          disabled={!fileKey || !quote}
          onClick={separation.start}
        >
          Separate
        </Button>
      </div>
    </Card>
  );
}
