/**
 * Loads one thing for a screen (sessions, keys, a project, the cast) and reloads on demand, with
 * loading and error state; `setData` lets the screen replace the data after its own writes (a
 * saved paragraph, a toggled chapter) without a round trip. `load` must be stable (useCallback):
 * a new function means "load again". `errorText` turns a failure into the message shown (a module function, so it never changes).
 */
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** True while a load is under way (the previous data stays shown meanwhile). */
  loading: boolean;
  reload: () => void;
}

export interface Resource<T> extends Loaded<T> {
  setData: (update: (current: T | null) => T | null) => void;
}

export function useLoaded<T>(
  load: (signal: AbortSignal) => Promise<T>,
  errorText: (error: unknown) => string,
): Resource<T> {
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setDataState(answer);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorText(caught));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [load, errorText, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback(
    (update: (current: T | null) => T | null) => setDataState(update),
    [],
  );
  return { data, error, loading, reload, setData };
}
