/**
 * The voice the narrator actually reads with, for the cast list (issue 14): the project's chosen
 * narrator voice, else the automatic one narration falls back to (the best voice for the book's
 * language, LineNarrator.defaultVoice), so the studio can say "Automatic: <voice>" rather than
 * "No voice chosen". Null when no voice is available at all (the catalog is empty).
 */
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { Books } from '../books.ts';
import { DEFAULT_LANGUAGE } from '../narration/line-narrator.ts';

export interface NarratorVoiceView {
  voice_id: number;
  name: string;
  /** True when the project chose no narrator voice and this is the automatic one. */
  automatic: boolean;
}

export function narratorVoiceView(books: Books, project: ProjectRow): NarratorVoiceView | null {
  try {
    const automatic = project.selectedVoiceId === null;
    const voice = automatic
      ? books.lines.defaultVoice(project.language ?? DEFAULT_LANGUAGE)
      : books.lines.requireVoice(project.selectedVoiceId!);
    return { voice_id: voice.id, name: voice.displayName, automatic };
  } catch (error) {
    // A chosen voice since removed, or no voice at all: the list still answers.
    if (error instanceof AppError && error.code === 'voice_not_found') return null;
    throw error;
  }
}
