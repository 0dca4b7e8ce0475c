import { describe, expect, it } from 'vitest';
import type { JobEvent, JobView } from '../../jobs/job-types.ts';
import { CONTRACT_JOB_TYPES, contractJobType, eventsForJob } from './event-payloads.ts';

function job(patch: Partial<JobView>): JobView {
  return {
    id: 7,
    type: 'audio_analysis',
    status: 'completed',
    progress: 100,
    stage: 'done',
    eta_seconds: 0,
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

let n = 0;
const ids = () => `evt-${++n}`;
const credits = { reserved: 10, used: 0, refunded: 10 };

describe('webhook event payloads', () => {
  it('maps internal job types onto the contract’s job_type vocabulary', () => {
    expect(contractJobType('audio_analysis')).toBe('media_converter');
    for (const type of CONTRACT_JOB_TYPES) expect(contractJobType(type)).toBe(type);
  });

  it('fires nothing for created and progress events', () => {
    for (const name of ['job.created', 'job.progress'] as const) {
      const event: JobEvent = { event: name, ownerId: 'u', job: job({ status: 'running' }) };
      expect(eventsForJob(event, credits, 'now', ids)).toEqual([]);
    }
  });

  it('adds audiobook.cast.detected when a speaker-detection job ends', () => {
    const event: JobEvent = {
      event: 'job.completed',
      ownerId: 'u',
      job: job({
        type: 'audiobook_cast_detection',
        input: { project_id: 12, method: 'llm' },
        result: { paragraphs_attributed: 40, characters: ['Ada', 'Bob'], aliases_added: 1 },
      }),
    };
    const [completed, cast] = eventsForJob(event, credits, '2026-01-01T00:00:00.000Z', ids);
    expect(completed?.payload).toMatchObject({
      event_type: 'job.completed',
      job_type: 'audiobook',
    });
    expect(cast?.payload).toEqual({
      event_type: 'audiobook.cast.detected',
      event_id: cast?.eventId,
      created_at: '2026-01-01T00:00:00.000Z',
      job_id: 7,
      job_type: 'audiobook',
      status: 'completed',
      project_id: 12,
      method: 'llm',
      result: {
        paragraphs_attributed: 40,
        characters: ['Ada', 'Bob'],
        aliases_added: 1,
        voices_picked: 0,
      },
    });
    const failed = eventsForJob(
      {
        ...event,
        event: 'job.failed',
        job: { ...event.job, status: 'failed', error_message: 'LLM down', failure_reason: 'error' },
      },
      credits,
      'now',
      ids,
    );
    expect(failed[1]?.payload).toMatchObject({ status: 'failed', error_message: 'LLM down' });
  });
});
