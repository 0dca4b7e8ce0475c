/**
 * The studio's one view of jobs: a page from GET /jobs plus the live event stream, shared by
 * every screen (the stream stays open while the user is elsewhere, so the Jobs page is current
 * the moment it opens). Every event also goes to the query cache (../../data/job-invalidation.ts:
 * `useJob` and every page's routes follow it). State rules live in ./job-list.ts.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors.ts';
import { followJobEvents, openJobEvents, type StreamState } from '../../api/job-events.ts';
import type { Job } from '../../api/types.ts';
import {
  applyJobEvent,
  applyJobSnapshot,
  applyStreamReopened,
} from '../../data/job-invalidation.ts';
import { useEngineHealth } from '../engine/health-context.tsx';
import { useStudioApi } from '../../data/contract-query.ts';
import {
  initialJobListState,
  jobListReducer,
  type JobListState,
  type JobListView,
} from './job-list.ts';

export const JOBS_PER_PAGE = 20;

export interface JobsContextValue {
  list: JobListState;
  stream: StreamState;
  loadError: string | null;
  setView: (view: JobListView) => void;
  /** Shows a Job object our own call returned (start, cancel) without waiting for its event. */
  track: (job: Job, filename?: string) => void;
  /** File names of uploads started from this window, by job id. */
  fileNames: ReadonlyMap<number, string>;
}

const JobsContext = createContext<JobsContextValue | null>(null);

export function JobsProvider({ children }: { children: ReactNode }) {
  const api = useStudioApi();
  const { refresh: refreshHealth } = useEngineHealth();
  const [list, dispatch] = useReducer(jobListReducer, initialJobListState);
  const [stream, setStream] = useState<StreamState>({ kind: 'connecting', attempt: 0 });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [fileNames, setFileNames] = useState<ReadonlyMap<number, string>>(new Map());
  const queryClient = useQueryClient();

  useEffect(
    () =>
      followJobEvents({
        open: (signal) => openJobEvents(api, signal),
        onEvent: (event) => {
          dispatch({ type: 'job', job: event.job, live: true });
          applyJobEvent(queryClient, event);
          if (event.event !== 'job.progress') refreshHealth();
        },
        onState: (state) => {
          setStream(state);
          // Events sent while we were disconnected are gone: take a fresh snapshot.
          if (state.kind === 'open') {
            setReload((n) => n + 1);
            applyStreamReopened(queryClient);
          }
        },
      }),
    [api, refreshHealth, queryClient],
  );

  const { view } = list;
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/jobs', {
        query: { status: view.status ?? undefined, page: view.page, per_page: JOBS_PER_PAGE },
        signal: controller.signal,
      })
      .then((page) => {
        dispatch({ type: 'loaded', view, page });
        setLoadError(null);
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(caught));
      });
    return () => controller.abort();
  }, [api, view, reload]);

  const setView = useCallback((next: JobListView) => dispatch({ type: 'view', view: next }), []);
  const track = useCallback(
    (job: Job, filename?: string) => {
      if (filename) setFileNames((names) => new Map(names).set(job.id, filename));
      dispatch({ type: 'job', job, live: false });
      applyJobSnapshot(queryClient, job);
    },
    [queryClient],
  );

  const value = useMemo(
    () => ({ list, stream, loadError, setView, track, fileNames }),
    [list, stream, loadError, setView, track, fileNames],
  );
  return <JobsContext value={value}>{children}</JobsContext>;
}

export function useJobs(): JobsContextValue {
  const value = useContext(JobsContext);
  if (!value) throw new Error('useJobs() needs a <JobsProvider> above it');
  return value;
}
