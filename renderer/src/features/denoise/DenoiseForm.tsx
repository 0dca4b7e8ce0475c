/**
 * "Clean a recording": the file, the quality mode, and the start button. A mode whose model
 * pack is not on this machine is greyed with "install…" (Models page) rather than failing
 * after the upload.
 */
import { useState } from 'react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { InstallLink } from '../models/InstallLink.tsx';
import { useModelPacks } from '../models/use-model-packs.ts';
import type { QualityMode } from './denoise-types.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Fieldset, FormMessages } from '../../ui/Field.tsx';

const MODES: { mode: QualityMode; pack: string; title: string; about: string }[] = [
  {
    mode: 'balanced',
    pack: 'gtcrn',
    title: 'Balanced',
    about: 'GTCRN at 16 kHz: fast, good for speech; the result is band-limited to 8 kHz.',
  },
  {
    mode: 'studio',
    pack: 'deepfilternet3',
    title: 'Studio',
    about: 'DeepFilterNet3 at 48 kHz: full-band, the best quality; slower.',
  },
];

export function DenoiseForm({
  busy,
  running,
  error,
  onStart,
}: {
  busy: boolean;
  /** A job is still going: another cannot start yet. */
  running: boolean;
  error: string | null;
  onStart: (file: File, mode: QualityMode) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<QualityMode | null>(null);
  const packs = useModelPacks();
  // Unknown until the list arrives: everything is offered (the engine still says no clearly).
  const ready = (m: (typeof MODES)[number]) => packs.list === null || packs.pack(m.pack)?.ready;
  const preferred = [...MODES].reverse().find(ready)?.mode ?? null;
  const mode =
    chosen !== null && MODES.some((m) => m.mode === chosen && ready(m)) ? chosen : preferred;
  return (
    <Card title="Clean a recording" testId="denoise-form">
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="denoise-file"
        disabled={busy}
        onFile={setFile}
      />
      <Fieldset legend="Quality">
        <SegmentedControl
          label="Quality"
          stacked
          value={mode}
          onChange={setChosen}
          options={MODES.map((m) => ({
            value: m.mode,
            label: m.title,
            detail: m.about,
            disabled: !ready(m),
            testId: `denoise-mode-${m.mode}`,
          }))}
        />
        {MODES.filter((m) => !ready(m)).map((m) => (
          <p key={m.mode} className="muted small">
            {m.title} is not installed.{' '}
            <InstallLink task="denoise" testId={`denoise-install-${m.mode}`} />
          </p>
        ))}
      </Fieldset>
      <FormMessages error={error} testId="denoise-messages" />
      <div>
        <Button
          variant="primary"
          icon="denoise"
          busy={busy}
          disabled={!file || running || mode === null}
          onClick={() => file && mode && onStart(file, mode)}
          testId="denoise-start"
        >
          Reduce noise
        </Button>
      </div>
    </Card>
  );
}
