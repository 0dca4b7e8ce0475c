/**
 * Chapter and book statuses from their paragraphs (document 2: chapter transitions are "not
 * shown"; ours in docs/api/narration.md). Pure.
 */
import type { SegmentStatus } from '../vocabulary.ts';

export interface StatusCounts {
  total: number;
  completed: number;
  failed: number;
  queued: number;
  narrating: number;
  pending: number;
}

export function countStatuses(statuses: readonly SegmentStatus[]): StatusCounts {
  const counts: StatusCounts = {
    total: 0,
    completed: 0,
    failed: 0,
    queued: 0,
    narrating: 0,
    pending: 0,
  };
  for (const status of statuses) {
    counts.total += 1;
    counts[status] += 1;
  }
  return counts;
}

/**
 * A chapter is `narrating` while any line is, `queued` while lines wait, `failed` when a line
 * failed and nothing is left to do, `completed` when every narrated line has audio, else
 * `pending`. A chapter with no narrated lines (all skipped) stays `pending`.
 */
export function chapterStatus(counts: StatusCounts): SegmentStatus {
  if (counts.narrating > 0) return 'narrating';
  if (counts.queued > 0) return 'queued';
  if (counts.total > 0 && counts.completed === counts.total) return 'completed';
  if (counts.failed > 0) return 'failed';
  return 'pending';
}
