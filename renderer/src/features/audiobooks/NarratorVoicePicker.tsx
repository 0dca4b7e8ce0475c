/**
 * The book's narrator voice (`selected_voice_id`, saved with PUT project at once): the voices
 * suited to the book's language, best fit first, each labelled with its tier so a synthetic
 * built-in voice is never mistaken for a neural one. "Automatic" leaves the choice to the
 * engine (the best voice for the language, neural first). "Hear" plays the chosen voice's
 * preview.
 */
import { useId, useState } from 'react';
import { usePreviewPlayer } from '../voices/use-preview-player.ts';
import { tierLabel, voiceOptionLabel } from '../voices/voice-labels.ts';
import { audiobookErrorText } from './audiobook-format.ts';
import { useBookNarration } from './book-narration-context.tsx';

export function NarratorVoicePicker({ disabled }: { disabled: boolean }) {
  const { client, voicesClient, project, onProjectChanged, voices, voicesError } =
    useBookNarration();
  const player = usePreviewPlayer(voicesClient);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const selected = project.selected_voice_id;
  const chosen = voices.find((voice) => voice.id === selected) ?? null;

  async function choose(value: string) {
    const voiceId = value === '' ? null : Number(value);
    setBusy(true);
    setFailure(null);
    try {
      const saved = await client.setNarratorVoice(project.id, voiceId);
      onProjectChanged({ selected_voice_id: saved.selected_voice_id });
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field ab-voice-picker">
      <label className="field__label" htmlFor={`${id}-voice`}>
        Narrator voice <span className="ab-label-note">({project.language || 'any language'})</span>
      </label>
      <div className="ab-voice-picker__row">
        <select
          id={`${id}-voice`}
          className="input input--select"
          value={selected === null ? '' : String(selected)}
          onChange={(event) => void choose(event.target.value)}
          disabled={disabled || busy}
          data-testid="narrator-voice"
        >
          <option value="">Automatic (best voice for the language)</option>
          {selected !== null && !chosen && (
            <option value={String(selected)}>Voice #{selected}</option>
          )}
          {voices.map((voice) => (
            <option key={voice.id} value={String(voice.id)}>
              {voiceOptionLabel(voice)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small"
          onClick={() => chosen && player.toggle(chosen)}
          disabled={!chosen || player.state.kind === 'loading'}
          data-testid="narrator-voice-preview"
          title="Hear a short sample of this voice"
        >
          {player.state.kind === 'loading'
            ? 'Making sample…'
            : player.state.kind === 'playing' && player.state.voiceId === chosen?.id
              ? 'Stop'
              : 'Hear'}
        </button>
        <audio ref={player.audio} hidden data-testid="narrator-voice-audio" />
      </div>
      {chosen && (
        <span className="field__hint" data-testid="narrator-voice-tier">
          {tierLabel(chosen.tier).detail}
        </span>
      )}
      {player.state.kind === 'error' && <p className="field__error">{player.state.message}</p>}
      {(failure ?? voicesError) && <p className="field__error">{failure ?? voicesError}</p>}
    </div>
  );
}
