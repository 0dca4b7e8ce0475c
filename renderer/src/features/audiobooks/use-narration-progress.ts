/**
 * The book's narration progress (GET .../narration/progress): read once, then polled every
 * second while a narration is queued or running, and at once after the studio starts or
 * cancels one. `version` goes up whenever a line finishes or fails, or the run starts or ends,
 * so the manuscript re-reads its paragraphs (statuses) exactly then, not on every poll.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { audiobookErrorText } from './audiobook-format.ts';
import type { NarrationClient } from './narration-client.ts';
import type { NarrationProgress } from './narration-types.ts';

const POLL_MS = 1_000;

export interface ProgressFeed {
  progress: NarrationProgress | null;
  error: string | null;
  version: number;
  refresh: () => void;
}

export function useNarrationProgress(client: NarrationClient, projectId: string): ProgressFeed {
  const [progress, setProgress] = useState<NarrationProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [tick, setTick] = useState(0);
  const signature = useRef('');

  useEffect(() => {
    const controller = new AbortController();
    client
      .progress(projectId, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setProgress(answer);
        setError(null);
        const next = `${answer.status}|${answer.completed}|${answer.failed}|${answer.narrating}`;
        if (next !== signature.current) {
          if (signature.current !== '') setVersion((n) => n + 1);
          signature.current = next;
        }
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(audiobookErrorText(caught));
      });
    return () => controller.abort();
  }, [client, projectId, tick]);

  const active = progress !== null && progress.status !== 'idle';
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [active, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return useMemo(
    () => ({ progress, error, version, refresh }),
    [progress, error, version, refresh],
  );
}
