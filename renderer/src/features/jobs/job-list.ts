/**
 * The jobs list as the studio holds it: one page from GET /jobs, kept current by SSE events and
 * by the Job objects that start/cancel calls return. Pure (a reducer plus helpers), so the
 * ordering rules below are unit-tested in test/renderer/job-list.test.ts.
 *
 * A list fetch and the event stream race: an older snapshot can arrive after a newer event.
 * `fresher` settles it: a later state-machine step wins, and within `running` higher progress
 * wins, so progress bars never jump backwards.
 */
import { isTerminalStatus, type Job, type JobPage, type JobStatus } from '../../api/types.ts';

const STATUS_RANK: Record<JobStatus, number> = {
  queued: 0,
  running: 1,
  completed: 2,
  failed: 2,
  cancelled: 2,
};

/** The more advanced of two snapshots of the same job; `incoming` wins ties. */
export function fresher(current: Job, incoming: Job): Job {
  const rank = STATUS_RANK[incoming.status] - STATUS_RANK[current.status];
  if (rank !== 0) return rank > 0 ? incoming : current;
  if (!isTerminalStatus(incoming.status) && incoming.progress < current.progress) return current;
  return incoming;
}

export interface JobListView {
  status: JobStatus | null;
  page: number;
}

export interface JobListState {
  view: JobListView;
  jobs: Job[];
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
  loaded: boolean;
  /** Analysis jobs seen completing live in this session: their results open by themselves. */
  justCompleted: ReadonlySet<number>;
}

export type JobListAction =
  | { type: 'view'; view: JobListView }
  | { type: 'loaded'; view: JobListView; page: JobPage }
  | { type: 'job'; job: Job; live: boolean };

export const initialJobListState: JobListState = {
  view: { status: null, page: 1 },
  jobs: [],
  total: 0,
  hasNext: false,
  hasPrev: false,
  loaded: false,
  justCompleted: new Set(),
};

const newestFirst = (a: Job, b: Job) => b.id - a.id;

function belongsToView(job: Job, view: JobListView): boolean {
  return view.page === 1 && (view.status === null || view.status === job.status);
}

export function jobListReducer(state: JobListState, action: JobListAction): JobListState {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view, loaded: false };
    case 'loaded': {
      // A late answer for a view the user already left is dropped.
      if (action.view.status !== state.view.status || action.view.page !== state.view.page) {
        return state;
      }
      const known = new Map(state.jobs.map((job) => [job.id, job]));
      const jobs = action.page.jobs.map((job) => {
        const mine = known.get(job.id);
        return mine ? fresher(mine, job) : job;
      });
      // Jobs created (by events or our own calls) after the snapshot was taken stay on top.
      const newestFetched = jobs.reduce((max, job) => Math.max(max, job.id), 0);
      const listed = new Set(jobs.map((job) => job.id));
      const newer = state.jobs.filter(
        (job) => !listed.has(job.id) && job.id > newestFetched && belongsToView(job, state.view),
      );
      return {
        ...state,
        jobs: [...newer, ...jobs].sort(newestFirst),
        total: action.page.total + newer.length,
        hasNext: action.page.has_next,
        hasPrev: action.page.has_prev,
        loaded: true,
      };
    }
    case 'job': {
      const { job, live } = action;
      const index = state.jobs.findIndex((j) => j.id === job.id);
      let jobs: Job[];
      let total = state.total;
      if (index >= 0) {
        const merged = fresher(state.jobs[index]!, job);
        if (merged === state.jobs[index]) return state;
        jobs = state.jobs.slice();
        jobs[index] = merged;
      } else if (belongsToView(job, state.view)) {
        jobs = [job, ...state.jobs].sort(newestFirst);
        total++;
      } else {
        return state;
      }
      let justCompleted = state.justCompleted;
      const before = index >= 0 ? state.jobs[index]!.status : null;
      const after = jobs.find((j) => j.id === job.id)!.status;
      if (live && after === 'completed' && before !== 'completed') {
        justCompleted = new Set(justCompleted).add(job.id);
      }
      return { ...state, jobs, total, justCompleted };
    }
  }
}

/** Jobs a user can still cancel. */
export function isCancellable(job: Job): boolean {
  return job.status === 'queued' || job.status === 'running';
}
