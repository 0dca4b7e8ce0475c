/**
 * What every narration control on a project page shares: the book (id, language, rights), the
 * live progress feed, and the voices suited to the book's language (for the narrator picker and
 * for naming a take's voice). Provided by ProjectPage.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Voice } from '../voices/voice-types.ts';
import type { Project } from './audiobook-types.ts';
import { useBookVoices } from './book-queries.ts';
import { useNarrationProgress, type ProgressFeed } from './use-narration-progress.ts';

export interface BookNarration {
  project: Project;
  feed: ProgressFeed;
  voices: readonly Voice[];
  voicesError: string | null;
  voiceName: (id: number) => string;
}

const BookNarrationContext = createContext<BookNarration | null>(null);

export function BookNarrationProvider({
  project,
  children,
}: {
  project: Project;
  children: ReactNode;
}) {
  const feed = useNarrationProgress(project.id);
  const available = useBookVoices(project.language);
  const voices = useMemo(() => available.data?.voices ?? [], [available.data]);
  const voiceName = useCallback(
    (id: number) => voices.find((voice) => voice.id === id)?.name ?? `Voice #${id}`,
    [voices],
  );
  const voicesError = available.error ? errorMessage(available.error) : null;
  const value = useMemo(
    () => ({ project, feed, voices, voicesError, voiceName }),
    [project, feed, voices, voicesError, voiceName],
  );
  return <BookNarrationContext value={value}>{children}</BookNarrationContext>;
}

export function useBookNarration(): BookNarration {
  const value = useContext(BookNarrationContext);
  if (!value) throw new Error('useBookNarration() needs a <BookNarrationProvider> above it');
  return value;
}
