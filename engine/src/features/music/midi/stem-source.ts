/**
 * The MIDI feature's view of the stems feature (features/music/stems/stem-separation.ts): separating a
 * mix into stems before transcription, and reading a finished stem job's outputs for the
 * from-stems route. One seam, so the job and the service depend on this small interface only,
 * and `requireSeparator` is the one place that would answer 503 separator_unavailable
 * (`details.hint: options.split=false`) in a build without a separator.
 */
import type { MusicDeps } from '../music-deps.ts';
import { separateStems, stemJobOutputs, type SeparatedStem } from '../stems/stem-separation.ts';

export type { SeparatedStem };

export interface StemSeparator {
  separateStems(
    deps: MusicDeps,
    input: {
      filePath: string;
      stems: string[];
      signal: AbortSignal;
      onProgress?: (fraction: number) => void;
    },
  ): Promise<{ stems: SeparatedStem[]; failed: { stem: string; reason: string }[] }>;
  stemJobOutputs(
    deps: MusicDeps,
    ownerId: string,
    stemJobId: number,
  ): { stems: { stem: string; path: string }[] } | 'expired' | null;
}

const separator: StemSeparator = { separateStems, stemJobOutputs };

/** The separator this build has (the stems feature's embedded DSP tier is always installed). */
export async function loadSeparator(): Promise<StemSeparator | null> {
  return separator;
}

export async function requireSeparator(): Promise<StemSeparator> {
  return separator;
}
