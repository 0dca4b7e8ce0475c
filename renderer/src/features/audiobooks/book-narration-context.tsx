/**
 * What every narration control on a project page shares: the narration client, the book
 * (id, language, rights), the live progress feed, and the voices suited to the book's language
 * (for the narrator picker and for naming a take's voice). Provided by ProjectPage.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { isTerminalStatus } from '../../api/types.ts';
import { useJobs } from '../jobs/jobs-context.tsx';
import { VoicesClient } from '../voices/voices-client.ts';
import type { Voice } from '../voices/voice-types.ts';
import type { Project } from './audiobook-types.ts';
import { NarrationClient } from './narration-client.ts';
import { useNarrationProgress, type ProgressFeed } from './use-narration-progress.ts';
import { useResource } from './use-resource.ts';
import './narration.css';

export interface BookNarration {
  client: NarrationClient;
  voicesClient: VoicesClient;
  project: Project;
  /** Records the attestation on the page's project (after the inline prompt). */
  onProjectChanged: (next: Partial<Project>) => void;
  feed: ProgressFeed;
  voices: readonly Voice[];
  voicesError: string | null;
  voiceName: (id: number) => string;
}

/** The engine's job type for narration (book-jobs.ts). */
const NARRATION_JOB = 'audiobook_narration';

const BookNarrationContext = createContext<BookNarration | null>(null);

export function BookNarrationProvider({
  project,
  onProjectChanged,
  onNarrationChanged,
  children,
}: {
  project: Project;
  onProjectChanged: (next: Partial<Project>) => void;
  /** Lines finished or failed, or a run started or ended: the book's statuses moved. */
  onNarrationChanged: () => void;
  children: ReactNode;
}) {
  const [client] = useState(
    () => new NarrationClient({ baseUrl: engineBaseUrl, getToken: studioToken }),
  );
  const [voicesClient] = useState(
    () => new VoicesClient({ baseUrl: engineBaseUrl, getToken: studioToken }),
  );
  const feed = useNarrationProgress(client, project.id);
  const { version, refresh } = feed;
  useEffect(() => {
    if (version > 0) onNarrationChanged();
  }, [version, onNarrationChanged]);

  // The jobs stream wakes the feed when a narration starts elsewhere (the API, another window):
  // while idle the feed does not poll.
  const { list } = useJobs();
  const narrationJobs = list.jobs
    .filter((job) => job.type === NARRATION_JOB && !isTerminalStatus(job.status))
    .map((job) => job.id)
    .join(',');
  useEffect(() => {
    if (narrationJobs !== '') refresh();
  }, [narrationJobs, refresh]);
  const language = project.language;
  const loadVoices = useCallback(
    (signal: AbortSignal) => voicesClient.available(language || null, signal),
    [voicesClient, language],
  );
  const available = useResource(loadVoices);
  const voices = useMemo(() => available.data?.voices ?? [], [available.data]);
  const voiceName = useCallback(
    (id: number) => voices.find((voice) => voice.id === id)?.name ?? `Voice #${id}`,
    [voices],
  );
  const value = useMemo(
    () => ({
      client,
      voicesClient,
      project,
      onProjectChanged,
      feed,
      voices,
      voicesError: available.error,
      voiceName,
    }),
    [client, voicesClient, project, onProjectChanged, feed, voices, available.error, voiceName],
  );
  return <BookNarrationContext value={value}>{children}</BookNarrationContext>;
}

export function useBookNarration(): BookNarration {
  const value = useContext(BookNarrationContext);
  if (!value) throw new Error('useBookNarration() needs a <BookNarrationProvider> above it');
  return value;
}
