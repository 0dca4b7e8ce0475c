/**
 * Choosing a voice, the same way everywhere (the reader, the narrator, a cast member, voice
 * conversion): a searchable list grouped by kind, each voice saying whether it is built-in and
 * synthetic, neural or your own, and "Hear" for a sample through the caller's preview player.
 * `automatic` adds a first choice that leaves the voice to the engine.
 */
import { Button } from '../../ui/Button.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import type { PreviewPlayer } from './use-preview-player.ts';
import { voiceOptions, type PickerVoice } from './voice-options.ts';
import styles from './VoicePicker.module.css';

export const AUTOMATIC = '';

export function VoicePicker({
  label,
  voices,
  value,
  onChange,
  automatic,
  preview,
  testId,
  disabled = false,
  hint,
  error,
  hideLabel,
  languageName,
}: {
  label: string;
  voices: readonly PickerVoice[];
  /** The chosen voice's id; null with `automatic` means the automatic choice. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** The label of the "let the engine choose" option (none: a voice must be chosen). */
  automatic?: string;
  preview?: PreviewPlayer;
  testId?: string;
  disabled?: boolean;
  hint?: string;
  error?: string | null;
  hideLabel?: boolean;
  languageName?: (code: string) => string;
}) {
  const known = value === null || voices.some((voice) => voice.id === value);
  const options: SelectOption<string>[] = [
    ...(automatic !== undefined ? [{ value: AUTOMATIC, label: automatic }] : []),
    ...(known ? [] : [{ value: String(value), label: `Voice #${String(value)}` }]),
    ...voiceOptions(voices, languageName),
  ];
  const state = preview?.state;
  const mine = state && state.kind !== 'idle' && value !== null && state.voiceId === value;
  return (
    <div className={hideLabel ? styles.labelHidden : undefined}>
      <div className={styles.row}>
        <Select
          label={label}
          hideLabel={hideLabel}
          options={options}
          value={value === null ? (automatic !== undefined ? AUTOMATIC : null) : String(value)}
          onChange={(next) => onChange(next === AUTOMATIC ? null : Number(next))}
          searchable
          placeholder="Choose a voice…"
          disabled={disabled}
          testId={testId}
          hint={hint}
          error={error}
        />
        {preview && (
          <Button
            className={styles.hear}
            icon={mine && state.kind === 'playing' ? 'stop' : 'play'}
            onClick={() => value !== null && preview.toggle({ id: value })}
            disabled={disabled || value === null || (mine && state.kind === 'loading')}
            busy={Boolean(mine && state.kind === 'loading')}
            aria-label={`Hear ${label.toLowerCase()}`}
            title="Hear a short sample of this voice"
            testId={testId && `${testId}-preview`}
            data-state={mine ? state.kind : 'idle'}
          >
            {mine && state.kind === 'playing' ? 'Stop' : 'Hear'}
          </Button>
        )}
      </div>
      {mine && state.kind === 'error' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
