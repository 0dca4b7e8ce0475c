/**
 * Our side of diarization, after sherpa-onnx's segmentation, embeddings and clustering: cluster
 * numbers become labels in order of first appearance (`SPEAKER_00` speaks first, so a series
 * recorded the same way keeps its labels, which is what saved speaker names rely on), each
 * transcript segment gets the speaker who talks most within it, and segment ids run across the
 * files of a job.
 */
import type { SpeakerTurn } from '../asr-engines/sherpa-protocol.ts';
import type { FileTranscript, TranscriptSegment } from './transcript-types.ts';

export function speakerLabel(index: number): string {
  return `SPEAKER_${String(index).padStart(2, '0')}`;
}

/** Renumbers clusters by their first turn; turns come back sorted by start. */
export function relabelByFirstAppearance(turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const sorted = [...turns].sort((a, b) => a.start - b.start || a.end - b.end);
  const order = new Map<number, number>();
  for (const turn of sorted) if (!order.has(turn.speaker)) order.set(turn.speaker, order.size);
  return sorted.map((t) => ({ ...t, speaker: order.get(t.speaker) ?? 0 }));
}

/** Each segment gets the label of the speaker with the most overlap; none overlapping: null. */
export function assignSpeakers(segments: TranscriptSegment[], turns: readonly SpeakerTurn[]): void {
  for (const segment of segments) {
    const overlap = new Map<number, number>();
    for (const turn of turns) {
      const o = Math.min(segment.end, turn.end) - Math.max(segment.start, turn.start);
      if (o > 0) overlap.set(turn.speaker, (overlap.get(turn.speaker) ?? 0) + o);
    }
    let best: [number, number] | null = null;
    for (const entry of overlap) if (best === null || entry[1] > best[1]) best = entry;
    segment.speaker = best ? speakerLabel(best[0]) : null;
  }
}

/** Segment ids unique across a job's files (edits are keyed by them). */
export function renumberSegments(files: FileTranscript[]): void {
  let id = 0;
  for (const file of files) for (const segment of file.segments) segment.id = id++;
}

/** How many distinct speakers the turns hold. */
export function speakerCount(turns: readonly SpeakerTurn[]): number {
  return new Set(turns.map((t) => t.speaker)).size;
}

/**
 * The speaker count to re-cluster to when clustering by threshold gave one outside the caller's
 * bounds, else null (the threshold's answer stands).
 */
export function boundedCount(count: number, min: number | null, max: number | null): number | null {
  if (min !== null && count < min) return min;
  if (max !== null && count > max) return max;
  return null;
}
