/**
 * Engine health for the whole studio (sidebar pill, nav badge, Engine page): polls
 * GET /api/v1/health every few seconds and on demand.
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
import { useContractApis } from '../../data/contract-apis.tsx';
import { errorMessage } from '../../api/errors.ts';
import type { Health } from '../../api/types.ts';

export const HEALTH_POLL_MS = 5_000;
const HEALTH_TIMEOUT_MS = 8_000;

export interface EngineHealthState {
  health: Health | null;
  /** Set when the last check failed; `health` then still holds the last good answer. */
  error: string | null;
  checkedAt: Date | null;
  refresh: () => void;
}

const HealthContext = createContext<EngineHealthState | null>(null);

export function EngineHealthProvider({ children }: { children: ReactNode }) {
  const api = useContractApis().open;
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const timeout = AbortSignal.timeout(HEALTH_TIMEOUT_MS);
    let next: ReturnType<typeof setTimeout> | undefined;
    api
      .get('/health', { signal: AbortSignal.any([controller.signal, timeout]) })
      .then((answer) => {
        setHealth(answer);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          timeout.aborted
            ? `The engine did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`
            : errorMessage(caught),
        );
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setCheckedAt(new Date());
        // The next check is scheduled after this one settles, so slow answers never pile up.
        next = setTimeout(() => setTick((n) => n + 1), HEALTH_POLL_MS);
      });
    return () => {
      controller.abort();
      clearTimeout(next);
    };
  }, [api, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const value = useMemo(
    () => ({ health, error, checkedAt, refresh }),
    [health, error, checkedAt, refresh],
  );
  return <HealthContext value={value}>{children}</HealthContext>;
}

export function useEngineHealth(): EngineHealthState {
  const state = useContext(HealthContext);
  if (!state) throw new Error('useEngineHealth() needs an <EngineHealthProvider> above it');
  return state;
}
