/**
 * The job a tool page was opened for (`?job=<id>` in the hash), following hash changes, so
 * a result from the history or the Jobs page reopens on its page.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { jobIdFromHash } from './result-links.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** Calls `open(id)` whenever the hash names a (new) job. */
export function useReopenedJob(open: (id: number) => void): void {
  const id = useSyncExternalStore(subscribe, () => jobIdFromHash(window.location.hash));
  useEffect(() => {
    if (id !== null) open(id);
  }, [id, open]);
}
