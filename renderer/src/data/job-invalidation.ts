/**
 * What a job event changes in the studio's query cache. The JobsProvider hands every event of
 * GET /jobs/events to `applyJobEvent`:
 *
 * - the job's own entry (`/jobs/{job_id}`) takes the event's snapshot at once (never an older
 *   one: `fresher`), so `useJob` shows progress without fetching;
 * - when a job starts, ends or is cancelled, the route families its type touches are invalidated
 *   (a MIDI job's status route, a book's chapters, the voice catalog after a clone), together
 *   with the job lists and the credits (a hold, a charge, a refund);
 * - a type with `live` routes invalidates those on progress too: a book's narration progress
 *   follows the job without polling (only that book's: book jobs name their project).
 *
 * When the stream reopens, what happened meanwhile was not sent, so every contract query is
 * invalidated (`applyStreamReopened`). Pure over a QueryClient: unit-tested.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { Job, JobEvent } from '../api/types.ts';
import { fresher } from '../features/jobs/job-list.ts';
import { familiesPredicate, isContractKey, type RouteFamily } from './contract-keys.ts';

interface Touches {
  /** Job types: an exact name, or a prefix ending in `_`. */
  types: readonly string[];
  /** Invalidated when a job of these types starts, ends or is cancelled. */
  families: readonly string[];
  /** Invalidated on its progress events too (views that read their own progress route). */
  live?: readonly string[];
}

/** Job types → the route families their state changes. docs/architecture.md, "The data layer". */
export const JOB_TOUCHES: readonly Touches[] = [
  {
    types: ['audiobook_narration', 'audiobook_retry_failed'],
    families: ['/audiobook'],
    live: ['/audiobook/projects/{project_id}/narration/progress'],
  },
  { types: ['audiobook_'], families: ['/audiobook'] },
  // The model pass loads the language model and measures its speed (the Models page shows both).
  { types: ['audiobook_cast_detection'], families: ['/language-model'] },
  {
    types: ['model_'],
    families: [
      '/model-packs',
      '/language-model',
      '/stem-extraction',
      '/audiobook/voices',
      '/voice',
    ],
  },
  { types: ['tool_install'], families: ['/web/tools'] },
  { types: ['media_info', 'video_download', 'video_download_public'], families: ['/video'] },
  { types: ['reader'], families: ['/reader'] },
  { types: ['voice_'], families: ['/voice', '/audiobook/voices'] },
  { types: ['transcription', 'speaker_diarization'], families: ['/transcription'] },
  { types: ['stem_extraction'], families: ['/stem-extraction'] },
  { types: ['speech_translation'], families: ['/translation/translations'] },
  { types: ['midi_transcription'], families: ['/midi'] },
  { types: ['denoise'], families: ['/denoiser'] },
];

/** Routes every start and end touches: the job lists and the money (today's use is in /auth/me). */
const EVERY_JOB: readonly RouteFamily[] = [
  { path: '/jobs', exact: true },
  { path: '/credits' },
  { path: '/auth/me', exact: true },
];

/**
 * A book job names its book (`input.project_id`): its progress refreshes that book's routes
 * only. Other families carry no params, so they match every resource.
 */
function projectOf(job: Job): { params?: Record<string, string> } {
  if (!job.type.startsWith('audiobook_')) return {};
  const input = job.input as { project_id?: unknown } | null;
  return typeof input?.project_id === 'string' ? { params: { project_id: input.project_id } } : {};
}

function typeMatches(pattern: string, type: string): boolean {
  return pattern.endsWith('_') ? type.startsWith(pattern) : type === pattern;
}

/** The families an event of `job` invalidates (progress events: only `live` types'). */
export function familiesFor(job: Job, event: JobEvent['event']): RouteFamily[] {
  const progress = event === 'job.progress';
  const touched = JOB_TOUCHES.filter((entry) => entry.types.some((t) => typeMatches(t, job.type)))
    .flatMap((entry) => (progress ? (entry.live ?? []) : entry.families))
    .map((path) => ({ path, ...projectOf(job) }));
  return progress ? touched : [...touched, ...EVERY_JOB];
}

export function jobKeyPredicate(id: number) {
  return familiesPredicate([{ path: '/jobs/{job_id}', params: { job_id: id }, exact: true }]);
}

export function applyJobEvent(client: QueryClient, event: JobEvent): void {
  const { job } = event;
  client.setQueriesData<Job>({ predicate: jobKeyPredicate(job.id) }, (known) =>
    known ? fresher(known, job) : job,
  );
  const families = familiesFor(job, event.event);
  if (families.length > 0)
    void client.invalidateQueries({ predicate: familiesPredicate(families) });
}

/** A snapshot the studio got from its own call (a start, a cancel): shown like an event. */
export function applyJobSnapshot(client: QueryClient, job: Job): void {
  client.setQueriesData<Job>({ predicate: jobKeyPredicate(job.id) }, (known) =>
    known ? fresher(known, job) : job,
  );
}

export function applyStreamReopened(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (query) => isContractKey(query.queryKey) });
}
