/**
 * Worker-pool task: the CPU work of one alignment (features, DTW, Silero VAD) off the HTTP
 * thread. Input PCM arrives as transferable Float32Arrays.
 */
import type { WorkerTask } from '../../../jobs/worker-protocol.ts';
import { alignSpans, type AlignedSpan } from './aligner.ts';
import { speechProbabilities, VAD_FRAME, VAD_SAMPLE_RATE } from './silero-vad.ts';
import type { SpokenSpan } from './word-spans.ts';

export const ALIGN_TASK = new URL(import.meta.url);

export interface AlignTaskInput {
  /** 16 kHz mono. */
  recording: Float32Array;
  reference: Float32Array;
  referenceRate: number;
  spans: SpokenSpan[];
  /** Silero VAD model file, or null to refine on energy alone. */
  vadModel: string | null;
  /** Spans that begin a paragraph the reader may have left out (aligner.ts). */
  sectionStarts: number[];
}

export interface AlignTaskOutput {
  spans: AlignedSpan[];
  vadRefined: boolean;
}

export const run: WorkerTask<AlignTaskInput, AlignTaskOutput> = async (input, ctx) => {
  ctx.progress(5, 'vad');
  const speech =
    input.vadModel === null
      ? null
      : {
          probabilities: await speechProbabilities(input.vadModel, input.recording, ctx.signal),
          frameSeconds: VAD_FRAME / VAD_SAMPLE_RATE,
        };
  ctx.progress(40, 'align');
  const spans = alignSpans({
    recording: input.recording,
    recordingRate: VAD_SAMPLE_RATE,
    reference: input.reference,
    referenceRate: input.referenceRate,
    spans: input.spans,
    speech,
    sectionStarts: input.sectionStarts,
  });
  return { spans, vadRefined: speech !== null };
};
