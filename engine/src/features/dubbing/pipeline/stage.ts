/**
 * One stage of a dub (docs/api/speech-translation.md, "Stages"): a step whose outputs are files
 * in the translation's folder, so a retry or a restarted engine resumes after the last stage that
 * finished instead of starting over. `outputs` are what must exist for a finished stage to be
 * trusted; the stage record in the table says which attempt finished it.
 */
import type { Ffmpeg } from '../../../audio/types.ts';
import type { SpeechTranslationRow } from '../dubbing-repo.ts';
import type { DubbingDeps } from '../dubbing-deps.ts';
import type { WorkFolder } from './work-folder.ts';

export const STAGE_NAMES = [
  'extract',
  'separate',
  'recognize',
  'translate',
  'voices',
  'speak',
  'fit',
  'mix',
  'mux',
  'transcripts',
] as const;

export type StageName = (typeof STAGE_NAMES)[number];

export interface StageContext {
  deps: DubbingDeps;
  /** The translation as the job started (languages, input, duration). */
  row: SpeechTranslationRow;
  folder: WorkFolder;
  /** The uploaded (or fetched) recording. */
  inputPath: string;
  ffmpeg: Ffmpeg;
  signal: AbortSignal;
  /** 0–1 of this stage. */
  progress(fraction: number): void;
}

export interface Stage {
  name: StageName;
  /** Share of the whole job's progress (the shares sum to 100). */
  weight: number;
  outputs: readonly string[];
  run(ctx: StageContext): Promise<void>;
}
