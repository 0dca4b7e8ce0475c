import { describe, expect, it } from 'vitest';
import type { Job, JobPage, JobStatus } from '../../renderer/src/api/types.ts';
import {
  fresher,
  initialJobListState,
  isCancellable,
  jobListReducer,
  type JobListState,
} from '../../renderer/src/features/jobs/job-list.ts';

function job(id: number, status: JobStatus = 'running', progress = 0): Job {
  return {
    id,
    type: 'audio_analysis',
    status,
    progress,
    stage: status === 'running' ? 'measuring' : null,
    eta_seconds: null,
    created_at: '2025-01-01T00:00:00.000Z',
    started_at: null,
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    result: null,
    input: null,
  };
}

function page(jobs: Job[], extra: Partial<JobPage> = {}): JobPage {
  return {
    jobs,
    total: jobs.length,
    page: 1,
    per_page: 20,
    has_next: false,
    has_prev: false,
    ...extra,
  };
}

const allView = { status: null, page: 1 };

function loaded(jobs: Job[]): JobListState {
  return jobListReducer(initialJobListState, { type: 'loaded', view: allView, page: page(jobs) });
}

describe('fresher', () => {
  it('prefers the later state-machine step', () => {
    expect(fresher(job(1, 'queued'), job(1, 'running', 5)).status).toBe('running');
    expect(fresher(job(1, 'completed', 100), job(1, 'running', 90)).status).toBe('completed');
    expect(fresher(job(1, 'running', 40), job(1, 'cancelled', 40)).status).toBe('cancelled');
  });

  it('never moves a running job’s progress backwards', () => {
    expect(fresher(job(1, 'running', 60), job(1, 'running', 30)).progress).toBe(60);
    expect(fresher(job(1, 'running', 30), job(1, 'running', 60)).progress).toBe(60);
  });
});

describe('jobListReducer', () => {
  it('shows a loaded page newest first', () => {
    const state = loaded([job(2), job(1)]);
    expect(state.loaded).toBe(true);
    expect(state.jobs.map((j) => j.id)).toEqual([2, 1]);
  });

  it('inserts new jobs on page 1 and updates known ones from events', () => {
    let state = loaded([job(1, 'running', 10)]);
    state = jobListReducer(state, { type: 'job', job: job(2, 'queued'), live: true });
    state = jobListReducer(state, { type: 'job', job: job(1, 'running', 55), live: true });
    expect(state.jobs.map((j) => [j.id, j.status, j.progress])).toEqual([
      [2, 'queued', 0],
      [1, 'running', 55],
    ]);
    expect(state.total).toBe(2);
  });

  it('keeps live progress when an older snapshot of the list arrives late', () => {
    let state = loaded([job(1, 'running', 10)]);
    state = jobListReducer(state, { type: 'job', job: job(1, 'running', 80), live: true });
    state = jobListReducer(state, {
      type: 'loaded',
      view: allView,
      page: page([job(1, 'running', 20)]),
    });
    expect(state.jobs[0]?.progress).toBe(80);
  });

  it('keeps a job started after the snapshot was taken', () => {
    let state = loaded([job(1)]);
    state = jobListReducer(state, { type: 'job', job: job(2, 'queued'), live: false });
    state = jobListReducer(state, { type: 'loaded', view: allView, page: page([job(1)]) });
    expect(state.jobs.map((j) => j.id)).toEqual([2, 1]);
  });

  it('respects the status filter and later pages', () => {
    const failedView = { status: 'failed' as const, page: 1 };
    let state = jobListReducer(initialJobListState, { type: 'view', view: failedView });
    state = jobListReducer(state, { type: 'loaded', view: failedView, page: page([]) });
    state = jobListReducer(state, { type: 'job', job: job(5, 'running'), live: true });
    expect(state.jobs).toEqual([]);
    const page2 = { status: null, page: 2 };
    state = jobListReducer(state, { type: 'view', view: page2 });
    state = jobListReducer(state, { type: 'job', job: job(6, 'queued'), live: true });
    expect(state.jobs).toEqual([]);
  });

  it('drops an answer for a view the user already left', () => {
    let state = jobListReducer(initialJobListState, {
      type: 'view',
      view: { status: 'completed', page: 1 },
    });
    state = jobListReducer(state, { type: 'loaded', view: allView, page: page([job(1)]) });
    expect(state.loaded).toBe(false);
    expect(state.jobs).toEqual([]);
  });

  it('remembers jobs seen completing live, so their results open by themselves', () => {
    let state = loaded([job(1, 'running', 50), job(2, 'completed', 100)]);
    state = jobListReducer(state, { type: 'job', job: job(1, 'completed', 100), live: true });
    state = jobListReducer(state, { type: 'job', job: job(2, 'completed', 100), live: true });
    expect([...state.justCompleted]).toEqual([1]);
  });

  it('lets only queued and running jobs be cancelled', () => {
    expect(isCancellable(job(1, 'queued'))).toBe(true);
    expect(isCancellable(job(1, 'running'))).toBe(true);
    expect(isCancellable(job(1, 'completed'))).toBe(false);
    expect(isCancellable(job(1, 'failed'))).toBe(false);
    expect(isCancellable(job(1, 'cancelled'))).toBe(false);
  });
});
