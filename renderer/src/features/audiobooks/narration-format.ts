/**
 * Lines the narration controls show: a started batch's estimate, a single take's service
 * block, the progress counts. Pure; unit-tested in test/renderer/audiobooks-narration-format.test.ts.
 */
import { formatDuration, formatEta } from '../../lib/format.ts';
import type { JobStatus } from '../../api/types.ts';
import { formatCount, plural } from './audiobook-format.ts';
import type { BatchStarted, NarrationProgress, NarrationService } from './narration-types.ts';

/**
 * "Narrating 12 paragraphs · 1,234 credits held · about 40 s of work · left out: 3 already
 * narrated" while the run's job is under way. Once it has `ended` (the job's terminal status)
 * nothing is held any more: the line says how the run ended instead.
 */
export function batchSummary(started: BatchStarted, ended: JobStatus | null = null): string {
  const parts =
    ended === null
      ? [
          `Narrating ${plural(started.total_paragraphs, 'paragraph')}`,
          `${formatCount(started.estimated_credits)} credits held`,
          `about ${formatDuration(started.estimated_seconds)} of work`,
        ]
      : [endedLine(started, ended)];
  const skipped: string[] = [];
  const { completed, locked, skip_narration, in_progress, not_stale } = started.skipped;
  if (completed > 0) skipped.push(`${completed} already narrated`);
  if (locked > 0) skipped.push(`${locked} locked`);
  if (skip_narration > 0) skipped.push(`${skip_narration} marked skip`);
  if (in_progress > 0) skipped.push(`${in_progress} already in progress`);
  if (not_stale > 0) skipped.push(`${not_stale} unchanged since narration`);
  if (skipped.length > 0) parts.push(`left out: ${skipped.join(', ')}`);
  return parts.join(' · ');
}

function endedLine(started: BatchStarted, ended: JobStatus): string {
  const what = plural(started.total_paragraphs, 'paragraph');
  if (ended === 'completed') return `Narrated ${what}; credits settled`;
  if (ended === 'cancelled') return `Narration of ${what} cancelled; unused credits returned`;
  return `Narration of ${what} stopped; unused credits returned`;
}

/** "Take 2 · free regeneration" or "Take 3 · 27 credits". */
export function serviceSummary(service: NarrationService): string {
  const price = service.is_free_regen
    ? 'free regeneration'
    : `${formatCount(service.estimated_credits)} credits`;
  return `Take ${service.take_number_after} queued · ${price} · about ${formatDuration(
    service.estimated_seconds,
  )}`;
}

/** "7 of 12 paragraphs · 1 failed · about 20 s left". */
export function progressSummary(progress: NarrationProgress): string {
  const parts = [`${progress.completed} of ${plural(progress.total_paragraphs, 'paragraph')}`];
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  if (progress.status !== 'idle') {
    const eta = formatEta(progress.eta_seconds);
    if (eta) parts.push(eta);
  } else if (progress.narrated_seconds > 0) {
    parts.push(`${formatDuration(progress.narrated_seconds)} of audio`);
  }
  return parts.join(' · ');
}

/** The status word for the progress row. */
export function narrationStatusLabel(progress: NarrationProgress): string {
  if (progress.status === 'queued') return 'Waiting to start';
  if (progress.status === 'narrating') return 'Narrating';
  if (progress.total_paragraphs > 0 && progress.completed === progress.total_paragraphs)
    return 'Narrated';
  return progress.completed > 0 ? 'Partly narrated' : 'Not narrated yet';
}

/** "3 lines changed since narration", or null when every line's audio matches it. */
export function staleSummary(stale: number): string | null {
  if (stale === 0) return null;
  return `${stale} ${stale === 1 ? 'line' : 'lines'} changed since narration`;
}

/** Why one line's audio is stale, in the narrator's words. */
export function staleReasonLabel(reason: 'text' | 'speaker' | 'voice' | 'direction'): string {
  const what = {
    text: 'Its text',
    speaker: 'Its speaker',
    voice: 'Its voice',
    direction: 'Its direction',
  };
  return `${what[reason]} changed since this audio was narrated; narrate it again to update it.`;
}
