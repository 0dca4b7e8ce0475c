/**
 * "Improve speakers with the language model" in plain words: the time estimate
 * (GET .../cast/detect/estimate), how sure the engine is of each line and why
 * (GET .../cast/detect/{job}/lines; docs/api/audiobook.md, "The model pass"). Pure.
 */
import type { ResponseOf } from '../../../api/contract.ts';
import { plural } from '../audiobook-format.ts';

export type DetectEstimate = ResponseOf<
  'get',
  '/audiobook/projects/{project_id}/cast/detect/estimate'
>;
export type DetectLines = ResponseOf<
  'get',
  '/audiobook/projects/{project_id}/cast/detect/{detect_job_id}/lines'
>;
export type DetectLine = DetectLines['lines'][number];

/** Lines at or under this confidence are the ones to check (the engine keeps the quick pass's
 * speaker, or none, there; docs/api/audiobook.md). */
export const DOUBTFUL = 0.6;

/** "about 40 seconds", "about 6 minutes", "about 1 hour 20 minutes". */
export function aboutTime(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${plural(hours, 'hour')}${rest > 0 ? ` ${plural(rest, 'minute')}` : ''}`;
}

export function estimateWords(estimate: DetectEstimate): string {
  const how = estimate.speed_measured
    ? 'from its measured speed'
    : 'a first guess for this computer until the model has run once';
  return `${aboutTime(estimate.estimated_seconds)} on this computer (${how}).`;
}

export function confidenceWord(confidence: number): string {
  if (confidence >= 0.9) return 'Sure';
  if (confidence >= 0.7) return 'Fairly sure';
  if (confidence > 0) return 'Unsure';
  return 'Nobody found';
}

export function confidenceTone(confidence: number): 'ok' | 'info' | 'warn' {
  if (confidence >= 0.9) return 'ok';
  return confidence > DOUBTFUL ? 'info' : 'warn';
}

const who = (name: string | null) => name ?? 'nobody';

/** Why the line has the speaker it has, from what each pass said. */
export function reasonWords(line: DetectLine): string {
  switch (line.source) {
    case 'both':
      return 'The quick pass and the language model agree.';
    case 'model':
      return line.rules_speaker
        ? `The language model is sure it is ${who(line.model_speaker)}; the quick pass said ${line.rules_speaker}.`
        : `The language model found ${who(line.model_speaker)}; the quick pass found nobody.`;
    case 'rules':
      return line.model_speaker
        ? `The language model said ${line.model_speaker} but was not sure; the quick pass’s ${who(line.rules_speaker)} is kept.`
        : `The language model was not sure; the quick pass’s ${who(line.rules_speaker)} is kept.`;
    default:
      return 'Neither pass could tell who says it.';
  }
}

/** The finished job's result (the status route's `result`), in one sentence. */
export function doneWords(result: {
  lines_read?: number | undefined;
  paragraphs_refined?: number | undefined;
}): string {
  const read = result.lines_read ?? 0;
  const changed = result.paragraphs_refined ?? 0;
  return `The language model read ${plural(read, 'line')} of dialogue and changed the speaker of ${plural(changed, 'paragraph')}.`;
}
