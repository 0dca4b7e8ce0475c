import { describe, expect, it } from 'vitest';
import type { Job } from '../../renderer/src/api/types.ts';
import type { Project } from '../../renderer/src/features/audiobooks/audiobook-types.ts';
import {
  FALLBACK_FAILURE,
  fromPaste,
  isRunning,
  progressOf,
  withJobEvent,
  withProject,
  type ImportPhase,
} from '../../renderer/src/features/audiobooks/import-progress.ts';

const parsing: ImportPhase = { kind: 'parsing', jobId: 7, percent: null, stage: null };

function job(over: Partial<Job>): Job {
  return {
    id: 7,
    type: 'audiobook_parse',
    status: 'running',
    progress: 0,
    stage: null,
    eta_seconds: null,
    created_at: '',
    started_at: null,
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    result: null,
    input: null,
    ...over,
  };
}

function project(over: Partial<Project>): Project {
  return {
    status: 'parsing',
    total_chapters: 0,
    total_words: 0,
    estimated_duration_minutes: 0,
    error_message: null,
    ...over,
  } as Project;
}

describe('import progress', () => {
  it('moves the bar from our job’s events only, never backwards', () => {
    let phase = withJobEvent(parsing, job({ progress: 40, stage: 'reading' }));
    expect(phase).toEqual({ ...parsing, percent: 40, stage: 'reading' });
    phase = withJobEvent(phase, job({ progress: 20 }));
    expect(phase).toMatchObject({ percent: 40, stage: 'reading' });
    expect(withJobEvent(phase, job({ id: 8, progress: 90 }))).toBe(phase);
    expect(
      withJobEvent(phase, job({ status: 'completed', progress: 80, stage: 'done' })),
    ).toMatchObject({
      percent: 100,
    });
    expect(withJobEvent({ kind: 'form' }, job({ progress: 50 }))).toEqual({ kind: 'form' });
    expect(withJobEvent(parsing, job({ status: 'queued', progress: 0 }))).toMatchObject({
      percent: null,
    });
  });

  it('ends on the project’s status: ready, or failed with its error_message', () => {
    expect(withProject(parsing, project({ status: 'parsing' }), 0)).toBe(parsing);
    expect(
      withProject(
        parsing,
        project({
          status: 'ready_for_narration',
          total_chapters: 4,
          total_words: 166,
          estimated_duration_minutes: 1.1,
        }),
        0,
      ),
    ).toEqual({
      kind: 'done',
      summary: { chapters: 4, words: 166, minutes: 1.1, added: 4, warnings: [] },
    });
    expect(
      withProject(
        parsing,
        project({ status: 'failed', error_message: 'The PDF cannot be read.' }),
        0,
      ),
    ).toEqual({ kind: 'failed', message: 'The PDF cannot be read.' });
    expect(withProject(parsing, project({ status: 'failed', error_message: null }), 0)).toEqual({
      kind: 'failed',
      message: FALLBACK_FAILURE,
    });
  });

  it('reads a failed append (book kept, nothing added) from the job’s failure', () => {
    const kept = project({ status: 'ready_for_narration', total_chapters: 3 });
    expect(withProject(parsing, kept, 3, 'The EPUB has no chapters.')).toEqual({
      kind: 'failed',
      message: 'The EPUB has no chapters.',
    });
    expect(withProject(parsing, kept, 2, null)).toMatchObject({
      kind: 'done',
      summary: { added: 1 },
    });
  });

  it('summarises a paste and sizes the bar', () => {
    const done = fromPaste({
      project_id: 'p',
      status: 'ready_for_narration',
      total_chapters: 2,
      total_words: 300,
      estimated_duration_minutes: 2,
      chapters_added: 2,
      speakers_detected: 1,
      warnings: ['w'],
    });
    expect(done).toEqual({
      kind: 'done',
      summary: { chapters: 2, words: 300, minutes: 2, added: 2, warnings: ['w'] },
    });
    expect(progressOf(done)).toEqual({ value: 100, indeterminate: false });
    expect(progressOf(parsing)).toEqual({ value: 0, indeterminate: true });
    expect(progressOf({ ...parsing, percent: 55 })).toEqual({ value: 55, indeterminate: false });
    expect(progressOf({ kind: 'reading' })).toEqual({ value: 0, indeterminate: true });
    expect(isRunning(parsing)).toBe(true);
    expect(isRunning(done)).toBe(false);
    expect(isRunning({ kind: 'failed', message: 'x' })).toBe(false);
  });
});
