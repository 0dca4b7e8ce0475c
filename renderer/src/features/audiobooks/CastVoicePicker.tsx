/**
 * One cast member's voice: its name from the catalog (never a bare id when the catalog knows
 * it), the shared voice picker over the voices suited to the book (character presets included,
 * so a large cast can have distinct voices), and "Hear" through the panel's one preview player.
 * A choice is saved at once with POST .../cast/assign (the narrator's row sets the book's
 * narrator voice). An alias row shows its main speaker's voice and is not edited.
 */
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import type { PreviewPlayer } from '../voices/use-preview-player.ts';
import type { Voice } from '../voices/voice-types.ts';
import { VoicePicker } from '../voices/VoicePicker.tsx';
import { voiceLabel } from './audiobook-format.ts';
import type { CastMember } from './audiobook-types.ts';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';
import castStyles from './Cast.module.css';

export function CastVoicePicker({
  projectId,
  member,
  voices,
  player,
  automaticVoice = null,
}: {
  projectId: string;
  member: CastMember;
  voices: readonly Voice[];
  player: PreviewPlayer;
  /** The voice the engine narrates with when the book chose none (cast list narrator_voice). */
  automaticVoice?: string | null;
}) {
  const name = member.character_name ?? 'Narrator';
  const assign = useContractMutation('post', `${BOOK_ROUTE}/cast/assign`, {
    invalidates: [bookFamily(projectId)],
  });
  const voiceId = member.voice_id;
  const chosen = voiceId === null ? null : (voices.find((voice) => voice.id === voiceId) ?? null);

  function choose(id: number | null) {
    if (id === null) return;
    assign.mutate({
      params: { project_id: projectId },
      json: member.is_narrator
        ? { narrator: true, voice_id: id }
        : { character_name: member.character_name ?? '', voice_id: id },
    });
  }

  return (
    <div className={castStyles.castVoice} data-testid="cast-voice-picker">
      <span className={castStyles.castVoiceName} data-testid="cast-voice-name">
        {chosen ? chosen.name : voiceLabel(voiceId, member.is_narrator, automaticVoice)}
      </span>
      {member.alias_of ? (
        <span className="muted small">voiced as {member.alias_of}</span>
      ) : (
        <VoicePicker
          label={`Voice for ${name}`}
          hideLabel
          voices={voices}
          value={voiceId}
          onChange={choose}
          automatic={voiceId === null ? fallbackLabel(member, automaticVoice) : undefined}
          preview={player}
          disabled={assign.isPending || voices.length === 0}
          error={assign.error ? errorMessage(assign.error) : null}
          testId="cast-voice-select"
        />
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
