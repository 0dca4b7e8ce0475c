// The data layer's job event rules (renderer/src/data/job-invalidation.ts) on a real QueryClient:
// an event writes the job's snapshot into its cache entry (never an older one), a start or an end
// invalidates the route families the job's type touches plus the job lists and credits, progress
// invalidates only `live` types, and a reopened stream invalidates every contract query.
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../renderer/src/api/types.ts';
import { contractKey, inFamily } from '../../renderer/src/data/contract-keys.ts';
import {
  applyJobEvent,
  applyStreamReopened,
  familiesFor,
} from '../../renderer/src/data/job-invalidation.ts';

function job(patch: Partial<Job>): Job {
  return {
    id: 7,
    type: 'midi_transcription',
    status: 'running',
    progress: 40,
    stage: 'transcribing',
    eta_seconds: null,
    created_at: '2026-01-01T00:00:00.000Z',
    started_at: null,
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    input: {},
    result: null,
    ...patch,
  };
}

function seeded(): QueryClient {
  const client = new QueryClient();
  const put = (path: string, params: object | null, data: unknown) =>
    client.setQueryData(contractKey(path, 'studio', params ? { params } : null), data);
  put('/jobs/{job_id}', { job_id: 7 }, job({ progress: 40 }));
  put('/jobs/{job_id}', { job_id: 8 }, job({ id: 8, progress: 10 }));
  put('/midi/status/{midi_job_id}', { midi_job_id: 7 }, { id: 7 });
  put('/stem-extraction/status/{stem_job_id}', { stem_job_id: 3 }, { id: 3 });
  put('/jobs', null, { jobs: [] });
  put('/credits', null, { balance: 1 });
  put('/audiobook/projects/{project_id}/narration/progress', { project_id: 'b' }, {});
  put('/audiobook/projects/{project_id}/narration/progress', { project_id: 'c' }, {});
  put('/audiobook/projects/{project_id}/cast', { project_id: 'b' }, {});
  return client;
}

function stale(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => `${String(q.queryKey[1])} ${JSON.stringify(q.queryKey[3])}`)
    .sort();
}

describe('route families', () => {
  it('cover a template and the routes below it, optionally one resource', () => {
    const key = contractKey('/midi/status/{midi_job_id}', 'studio', { params: { midi_job_id: 7 } });
    expect(inFamily(key, '/midi')).toBe(true);
    expect(inFamily(key, '/mid')).toBe(false);
    expect(inFamily(key, { path: '/midi/status/{midi_job_id}', params: { midi_job_id: 7 } })).toBe(
      true,
    );
    expect(inFamily(key, { path: '/midi/status/{midi_job_id}', params: { midi_job_id: 8 } })).toBe(
      false,
    );
    expect(inFamily(key, { path: '/midi', exact: true })).toBe(false);
  });
});

describe('a job event', () => {
  it('writes the snapshot into the job’s own entry, never an older one', () => {
    const client = seeded();
    applyJobEvent(client, { event: 'job.progress', job: job({ progress: 55 }) });
    const key = contractKey('/jobs/{job_id}', 'studio', { params: { job_id: 7 } });
    expect(client.getQueryData<Job>(key)?.progress).toBe(55);
    applyJobEvent(client, { event: 'job.progress', job: job({ progress: 50 }) });
    expect(client.getQueryData<Job>(key)?.progress).toBe(55);
    applyJobEvent(client, {
      event: 'job.completed',
      job: job({ status: 'completed', progress: 100 }),
    });
    expect(client.getQueryData<Job>(key)?.status).toBe('completed');
  });

  it('leaves the tool’s routes alone on progress', () => {
    const client = seeded();
    applyJobEvent(client, { event: 'job.progress', job: job({ progress: 60 }) });
    expect(stale(client)).toEqual([]);
  });

  it('on its end invalidates its tool’s routes, the job lists and the credits', () => {
    const client = seeded();
    applyJobEvent(client, { event: 'job.completed', job: job({ status: 'completed' }) });
    expect(stale(client)).toEqual([
      '/credits null',
      '/jobs null',
      '/midi/status/{midi_job_id} {"midi_job_id":7}',
    ]);
  });

  it('of a live type invalidates its progress route on progress, for its own book only', () => {
    const client = seeded();
    const narration = job({ id: 9, type: 'audiobook_narration', input: { project_id: 'b' } });
    applyJobEvent(client, { event: 'job.progress', job: narration });
    expect(stale(client)).toEqual([
      '/audiobook/projects/{project_id}/narration/progress {"project_id":"b"}',
    ]);
    applyJobEvent(client, { event: 'job.completed', job: { ...narration, status: 'completed' } });
    expect(stale(client)).toEqual([
      '/audiobook/projects/{project_id}/cast {"project_id":"b"}',
      '/audiobook/projects/{project_id}/narration/progress {"project_id":"b"}',
      '/credits null',
      '/jobs null',
    ]);
  });

  it('names every family a model install touches', () => {
    const families = familiesFor(job({ type: 'model_install' }), 'job.completed').map(
      (f) => f.path,
    );
    expect(families).toEqual(
      expect.arrayContaining([
        '/model-packs',
        '/language-model',
        '/stem-extraction',
        '/voice',
        '/jobs',
        '/credits',
      ]),
    );
  });

  it('refreshes the language model and the book when a speaker detection ends', () => {
    const detection = job({ type: 'audiobook_cast_detection', input: { project_id: 'b1' } });
    const paths = familiesFor(detection, 'job.completed').map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['/audiobook', '/language-model', '/jobs']));
    expect(familiesFor(detection, 'job.progress')).toEqual([]);
  });
});

describe('a reopened stream', () => {
  it('invalidates every contract query (events sent meanwhile are gone)', () => {
    const client = seeded();
    applyStreamReopened(client);
    expect(stale(client)).toHaveLength(9);
  });
});
