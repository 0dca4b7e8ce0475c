/**
 * `audio_analysis`: measures an uploaded file's levels (RMS, sample and true peak, noise floor,
 * EBU R128 loudness) and its waveform, the numbers a narrator checks before mastering. ffmpeg
 * does the work in its own process; this handler only reports progress. Idempotent: after a
 * crash it simply runs again.
 *
 * Price: the native `audio_analysis` cost per started minute of audio (docs/api/credits.md),
 * reserved from the file's probed duration and settled on the measured one.
 */
import { z } from 'zod';
import { measureFileLevels, waveformFromFile } from '../../../audio/index.ts';
import type { Pricing } from '../../billing/index.ts';
import { probedSeconds, type ProbeDeps } from '../files/probe-duration.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { analysisResultSchema } from './analysis-schema.ts';

export const WAVEFORM_BUCKETS = 400;

export const analysisInput = z.object({ file_key: z.string().uuid() });

export type AnalysisResult = z.infer<typeof analysisResultSchema>;

export interface AnalysisDeps extends ProbeDeps {
  pricing: Pricing;
}

export const makeAnalysisJob = (
  deps: AnalysisDeps,
): JobHandler<z.infer<typeof analysisInput>, AnalysisResult> => ({
  type: 'audio_analysis',
  resource: 'ffmpeg',
  idempotent: true,
  input: analysisInput,
  async price(input, { ownerId }) {
    return deps.pricing.quoteMinutes(
      'audio_analysis',
      await probedSeconds(deps, ownerId, input.file_key),
    );
  },
  async run({ input, ownerId, signal, progress, reportUsage }) {
    const ffmpeg = await deps.ffmpeg.require();
    const row = deps.files.get(ownerId, input.file_key);
    const file = deps.files.pathOf(row);
    progress({ percent: 0, stage: 'measuring' });
    const levels = await measureFileLevels(ffmpeg, file, {
      signal,
      onProgress: (fraction) => progress({ percent: fraction * 90, stage: 'measuring' }),
    });
    progress({ percent: 90, stage: 'waveform' });
    const peaks = await waveformFromFile(ffmpeg, file, WAVEFORM_BUCKETS, { signal });
    const used = deps.pricing.quoteMinutes('audio_analysis', levels.duration_seconds);
    reportUsage({ credits: used.credits, audioDuration: levels.duration_seconds });
    return { ...levels, waveform: peaks };
  },
});
