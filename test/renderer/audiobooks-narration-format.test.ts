// Lines the narration controls show (renderer/src/features/audiobooks/narration-format.ts).
import { describe, expect, it } from 'vitest';
import {
  batchSummary,
  narrationStatusLabel,
  progressSummary,
  serviceSummary,
  staleReasonLabel,
  staleSummary,
} from '../../renderer/src/features/audiobooks/narration-format.ts';
import type {
  BatchStarted,
  NarrationProgress,
} from '../../renderer/src/features/audiobooks/narration-types.ts';

const STARTED: BatchStarted = {
  job_id: 7,
  project_id: 'p',
  status: 'queued',
  multi_voice: false,
  total_paragraphs: 12,
  total_characters: 3000,
  estimated_credits: 1000,
  estimated_seconds: 40,
  skipped: { completed: 3, locked: 1, skip_narration: 0, in_progress: 0, not_stale: 0 },
};

function progress(patch: Partial<NarrationProgress>): NarrationProgress {
  return {
    project_id: 'p',
    status: 'narrating',
    job_ids: [7],
    percent: 50,
    total_paragraphs: 12,
    completed: 6,
    failed: 0,
    queued: 5,
    narrating: 1,
    pending: 0,
    stale_paragraphs: 0,
    narrated_seconds: 30,
    eta_seconds: 20,
    current_paragraph_id: null,
    chapters: [],
    ...patch,
  };
}

describe('narration lines', () => {
  it('summarises a started batch with what was left out', () => {
    expect(batchSummary(STARTED)).toBe(
      'Narrating 12 paragraphs · 1,000 credits held · about 40 s of work · left out: 3 already narrated, 1 locked',
    );
    expect(
      batchSummary({
        ...STARTED,
        skipped: { completed: 0, locked: 0, skip_narration: 0, in_progress: 0, not_stale: 0 },
      }),
    ).not.toContain('left out');
  });

  it('says whether a take is the free regeneration or billed', () => {
    const service = {
      is_free_regen: true,
      estimated_credits: 0,
      estimated_chars: 80,
      estimated_seconds: 4,
      take_number_after: 2,
    };
    expect(serviceSummary(service)).toBe('Take 2 queued · free regeneration · about 4 s');
    expect(
      serviceSummary({
        ...service,
        is_free_regen: false,
        estimated_credits: 27,
        take_number_after: 3,
      }),
    ).toBe('Take 3 queued · 27 credits · about 4 s');
  });

  it('counts progress with the ETA while running and the audio made when idle', () => {
    expect(progressSummary(progress({}))).toBe('6 of 12 paragraphs · about 20 s left');
    expect(progressSummary(progress({ failed: 2, eta_seconds: null }))).toBe(
      '6 of 12 paragraphs · 2 failed',
    );
    expect(progressSummary(progress({ status: 'idle', completed: 12, narrated_seconds: 75 }))).toBe(
      '12 of 12 paragraphs · 1 min 15 s of audio',
    );
  });

  it('names the state of the book', () => {
    expect(narrationStatusLabel(progress({ status: 'queued' }))).toBe('Waiting to start');
    expect(narrationStatusLabel(progress({}))).toBe('Narrating');
    expect(narrationStatusLabel(progress({ status: 'idle', completed: 12 }))).toBe('Narrated');
    expect(narrationStatusLabel(progress({ status: 'idle', completed: 4 }))).toBe(
      'Partly narrated',
    );
    expect(narrationStatusLabel(progress({ status: 'idle', completed: 0 }))).toBe(
      'Not narrated yet',
    );
  });
});

describe('stale lines', () => {
  it('says how many lines changed since narration, and nothing when none did', () => {
    expect(staleSummary(0)).toBeNull();
    expect(staleSummary(1)).toBe('1 line changed since narration');
    expect(staleSummary(3)).toBe('3 lines changed since narration');
    expect(staleReasonLabel('voice')).toMatch(/^Its voice changed since/);
  });

  it('names the unchanged lines a re-narration of changed lines left out', () => {
    const started = { ...STARTED, total_paragraphs: 3 };
    started.skipped = { ...STARTED.skipped, completed: 0, locked: 0, not_stale: 9 };
    expect(batchSummary(started)).toMatch(/left out: 9 unchanged since narration$/);
  });
});
