/**
 * Editing one line's translation (docs/api/speech-translation.md, "Editing a line"): the new
 * words replace the spoken text (the machine's translation is kept beside them), and that line's
 * speech and placement are removed so the next attempt speaks and fits it alone; the stages
 * after them (mix, mux, transcripts) run again over every line. Applied by the edit's own job,
 * so a refused job (402) changes nothing.
 */
import { AppError } from '../../errors.ts';
import { fittedFile } from './pipeline/fit-stage.ts';
import { lineFile } from './pipeline/speak-stage.ts';
import { fitData, recognizeData, speakData, translateData } from './pipeline/stage-data.ts';
import type { StageName } from './pipeline/stage.ts';
import type { WorkFolder } from './pipeline/work-folder.ts';

/** The stages an edited line makes stale. */
export const STAGES_AFTER_EDIT: readonly StageName[] = [
  'speak',
  'fit',
  'mix',
  'mux',
  'transcripts',
];

/** The line's source seconds (what its re-render is billed for); 404 for a line that is not there. */
export function lineSeconds(folder: WorkFolder, segmentId: number): number {
  const heard = folder.read('recognize.json', recognizeData);
  const segment = heard?.segments.find((s) => s.id === segmentId);
  if (!segment) throw new AppError('not_found', `Line ${segmentId} not found in this translation.`);
  return Math.max(0, segment.end - segment.start);
}

export function applyEdit(folder: WorkFolder, segmentId: number, text: string): void {
  const translated = folder.read('translate.json', translateData);
  const line = translated?.lines[String(segmentId)];
  if (!translated || !line)
    throw new AppError('not_found', `Line ${segmentId} not found in this translation.`);
  translated.lines[String(segmentId)] = { ...line, text, edited: text !== line.machine };
  folder.write('translate.json', translated);
  const spoken = folder.read('speak.json', speakData);
  if (spoken) {
    delete spoken.lines[String(segmentId)];
    folder.write('speak.json', spoken);
  }
  const fit = folder.read('fit.json', fitData);
  if (fit) {
    delete fit.placements[String(segmentId)];
    folder.write('fit.json', fit);
  }
  folder.remove(lineFile(segmentId));
  folder.remove(fittedFile(segmentId));
}
