/**
 * Loads one thing for a page (sessions, keys, the profile) and reloads on demand, with loading
 * and error state. `load` must be stable (useCallback): a new function means "load again".
 */
import { useCallback, useEffect, useState } from 'react';
import { accountErrorText } from './error-text.ts';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** True while a load is under way (the previous data stays shown meanwhile). */
  loading: boolean;
  reload: () => void;
}

export function useLoader<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(accountErrorText(caught));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [load, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}
