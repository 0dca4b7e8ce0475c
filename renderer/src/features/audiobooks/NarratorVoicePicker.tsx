/**
 * The book's narrator voice (`selected_voice_id`, saved with PUT project at once): the voices
 * suited to the book's language, best fit first, each saying what kind of voice it is so a
 * synthetic built-in voice is never mistaken for a neural one. "Automatic" leaves the choice to
 * the engine (the best voice for the language, neural first). "Hear" plays the chosen voice's
 * preview.
 */
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { usePreviewPlayer } from '../voices/use-preview-player.ts';
import { tierLabel } from '../voices/voice-labels.ts';
import { VoicePicker } from '../voices/VoicePicker.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';

export function NarratorVoicePicker({ disabled }: { disabled: boolean }) {
  const { project, voices, voicesError } = useBookNarration();
  const player = usePreviewPlayer();
  const save = useContractMutation('put', BOOK_ROUTE, { invalidates: [bookFamily(project.id)] });
  const selected = project.selected_voice_id;
  const chosen = voices.find((voice) => voice.id === selected) ?? null;
  const failure = save.error ? errorMessage(save.error) : voicesError;

  return (
    <div data-testid="narrator-voice-picker">
      <VoicePicker
        label={`Narrator voice (${project.language || 'any language'})`}
        voices={voices}
        value={selected}
        onChange={(id) =>
          save.mutate({ params: { project_id: project.id }, json: { selected_voice_id: id } })
        }
        automatic="Automatic (best voice for the language)"
        preview={player}
        disabled={disabled || save.isPending}
        hint={chosen ? tierLabel(chosen.tier).detail : undefined}
        error={failure}
        testId="narrator-voice"
      />
      <audio ref={player.audio} hidden data-testid="narrator-voice-audio" />
    </div>
  );
}
