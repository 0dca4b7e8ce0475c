/**
 * Whether the first-run setup was finished or put off on this computer. Kept in the browser's
 * storage: the question is about how this person uses this studio, not about the engine.
 */
import { useCallback, useState } from 'react';

const KEY = 'tapehouse.setup.v1';

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'done';
  } catch {
    return false;
  }
}

export function useFirstRun(): { pending: boolean; finish: () => void } {
  const [done, setDone] = useState(read);
  const finish = useCallback(() => {
    try {
      window.localStorage.setItem(KEY, 'done');
    } catch {
      // Private windows may refuse storage: the setup then simply shows again next time.
    }
    setDone(true);
  }, []);
  return { pending: !done, finish };
}
