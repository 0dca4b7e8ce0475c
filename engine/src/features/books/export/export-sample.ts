/**
 * The retail sample (ACX: at most 5 minutes, from the book's narration): cut from the chosen
 * chapter after its section header, then measured and judged like every file.
 */
import path from 'node:path';
import { AppError } from '../../../errors.ts';
import { measureAudioFile, type FileMeasurement } from './file-measure.ts';
import type { MasteredFiles } from './export-master.ts';
import type { PlannedFile } from './export-plan.ts';
import type { ExportRun } from './export-run.ts';
import { cutRetailSample } from './retail-sample.ts';
import { HEADER_PAUSE_MS } from './speech-clip.ts';
import { validateMeasurement, type FileVerdict } from './validator.ts';

export interface RetailSample {
  name: string;
  source: PlannedFile;
  start: number;
  measurement: FileMeasurement;
  verdict: FileVerdict;
}

export async function makeRetailSample(
  run: ExportRun,
  { durations, headerSeconds }: MasteredFiles,
): Promise<RetailSample> {
  const { project, input, ffmpeg, signal, plan, pkg, progress } = run;
  // Retail sample from the chosen chapter, after its section header.
  progress({ percent: 91, stage: 'cutting the retail sample' });
  const chapterIndex = input.retail_sample_chapter
    ? plan.findIndex((f) => f.chapterNumber === input.retail_sample_chapter)
    : plan.findIndex((f) => f.kind === 'chapter');
  if (chapterIndex < 0)
    throw new AppError(
      'validation_error',
      `No exported chapter has number ${input.retail_sample_chapter}.`,
    );
  const source = plan[chapterIndex]!;
  const sourceSeconds = durations.get(chapterIndex) ?? 0;
  const narrationStart = headerSeconds.get(chapterIndex) ?? 0;
  const start = Math.min(
    0.75 + narrationStart - HEADER_PAUSE_MS / 2000 + input.retail_sample_start_seconds,
    Math.max(0, sourceSeconds - 5),
  );
  const sampleName = 'Retail Sample.mp3';
  await cutRetailSample(ffmpeg, path.join(pkg, source.file), path.join(pkg, sampleName), {
    startSeconds: start,
    seconds: Math.min(input.retail_sample_seconds, Math.max(1, sourceSeconds - start)),
    tags: {
      title: `${project.title} (Retail Sample)`,
      album: project.title,
      artist: project.author,
      narrator: input.narrator_name,
    },
    signal,
  });
  const sampleMeasure = await measureAudioFile(ffmpeg, path.join(pkg, sampleName), { signal });
  const sampleVerdict = validateMeasurement(sampleMeasure, 'sample');

  return { name: sampleName, source, start, measurement: sampleMeasure, verdict: sampleVerdict };
}
