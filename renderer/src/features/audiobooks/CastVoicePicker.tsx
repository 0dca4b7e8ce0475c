/**
 * One cast member's voice: its name from the catalog (never a bare id when the catalog knows
 * it), a picker of the voices suited to the book (character presets included, so a large cast
 * can have distinct voices), and "Hear" for the chosen voice's preview through the panel's one
 * preview player. A choice is saved at once with POST .../cast/assign (the narrator's row sets
 * the book's narrator voice). An alias row shows its main speaker's voice and is not edited.
 */
import { useState } from 'react';
import type { PreviewPlayer } from '../voices/use-preview-player.ts';
import { voiceOptionLabel } from '../voices/voice-labels.ts';
import type { Voice } from '../voices/voice-types.ts';
import { audiobookErrorText, voiceLabel } from './audiobook-format.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import type { AssignResult, CastMember } from './audiobook-types.ts';

export function CastVoicePicker({
  projectId,
  member,
  voices,
  player,
  onSaved,
  automaticVoice = null,
}: {
  projectId: string;
  member: CastMember;
  voices: readonly Voice[];
  player: PreviewPlayer;
  onSaved: (result: AssignResult) => void;
  /** The voice the engine narrates with when the book chose none (cast list narrator_voice). */
  automaticVoice?: string | null;
}) {
  const client = useAudiobooks();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = member.character_name ?? 'Narrator';
  const voiceId = member.voice_id;
  const chosen = voiceId === null ? null : (voices.find((voice) => voice.id === voiceId) ?? null);

  async function choose(value: string) {
    if (value === '') return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await client.assignVoice(
        projectId,
        member.is_narrator ? null : member.character_name,
        Number(value),
      );
      onSaved(saved);
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const previewing = player.state.kind !== 'idle' && player.state.voiceId === voiceId;
  const previewLabel =
    previewing && player.state.kind === 'loading'
      ? 'Making sample…'
      : previewing && player.state.kind === 'playing'
        ? 'Stop'
        : 'Hear';

  return (
    <div className="ab-cast-voice" data-testid="cast-voice-picker">
      <span className="ab-cast-voice__name" data-testid="cast-voice-name">
        {chosen ? chosen.name : voiceLabel(voiceId, member.is_narrator, automaticVoice)}
      </span>
      {member.alias_of ? (
        <span className="muted small">voiced as {member.alias_of}</span>
      ) : (
        <div className="ab-cast-voice__row">
          <select
            className="input input--select"
            value={voiceId === null ? '' : String(voiceId)}
            onChange={(event) => void choose(event.target.value)}
            disabled={busy || voices.length === 0}
            aria-label={`Voice for ${name}`}
            data-testid="cast-voice-select"
          >
            {voiceId === null && <option value="">{fallbackLabel(member, automaticVoice)}</option>}
            {voiceId !== null && !chosen && (
              <option value={String(voiceId)}>Voice #{voiceId}</option>
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
            onClick={() => voiceId !== null && player.toggle({ id: voiceId })}
            disabled={voiceId === null || (previewing && player.state.kind === 'loading')}
            aria-label={`Hear ${name}'s voice`}
            title="Hear a short sample of this voice"
            data-testid="cast-voice-preview"
            data-state={previewing ? player.state.kind : 'idle'}
          >
            {previewLabel}
          </button>
        </div>
      )}
      {previewing && player.state.kind === 'error' && (
        <p className="field__error">{player.state.message}</p>
      )}
      {failure && (
        <p className="field__error" role="alert" data-testid="cast-voice-error">
          {failure}
        </p>
      )}
    </div>
  );
}

function fallbackLabel(member: CastMember, automaticVoice: string | null): string {
  if (!member.is_narrator) return 'Narrator voice';
  return automaticVoice
    ? `Automatic: ${automaticVoice} (best voice for the language)`
    : 'Automatic (best voice for the language)';
}
