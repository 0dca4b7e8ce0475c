/**
 * Speech apart from everything else, for other areas (speech translation keeps a recording's
 * music and effects under the new voices; docs/api/speech-translation.md): the `vocals` and
 * `no_vocals` stems of the best installed engine — a neural pack when one is installed, else
 * the embedded DSP separator — and which one it was, so the caller can say so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors.ts';
import type { MusicDeps } from '../music-deps.ts';
import { installedEngines } from './stem-engines.ts';
import { separateStems } from './stem-separation.ts';

export interface SpeechSeparation {
  /** WAV files written into the caller's folder. */
  speech: string;
  background: string;
  /** The engine: a pack id, or `dsp`. */
  engine: string;
  tier: 'neural' | 'dsp';
  title: string;
}

/** The engine `separateSpeech` would use now. */
export function speechSeparator(deps: Pick<MusicDeps, 'models' | 'config'>): {
  engine: string;
  tier: 'neural' | 'dsp';
  title: string;
} {
  const engine = installedEngines(deps).find(
    (e) => e.stems.includes('vocals') && e.stems.includes('no_vocals'),
  );
  if (!engine) throw new AppError('internal_error', 'No engine separates vocals.');
  return { engine: engine.id, tier: engine.tier, title: engine.title };
}

export async function separateSpeech(
  deps: MusicDeps,
  input: {
    filePath: string;
    outDir: string;
    signal: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<SpeechSeparation> {
  const { stems, failed } = await separateStems(deps, {
    filePath: input.filePath,
    stems: ['vocals', 'no_vocals'],
    signal: input.signal,
    ...(input.onProgress && { onProgress: input.onProgress }),
  });
  const vocals = stems.find((s) => s.stem === 'vocals');
  const rest = stems.find((s) => s.stem === 'no_vocals');
  try {
    if (!vocals || !rest)
      throw new AppError(
        'internal_error',
        `Separating speech failed: ${failed.map((f) => `${f.stem}: ${f.reason}`).join('; ')}`,
      );
    fs.mkdirSync(input.outDir, { recursive: true });
    const speech = path.join(input.outDir, 'speech.wav');
    const background = path.join(input.outDir, 'background.wav');
    fs.copyFileSync(vocals.path, speech);
    fs.copyFileSync(rest.path, background);
    const engine = installedEngines(deps).find((e) => e.id === vocals.engine);
    return {
      speech,
      background,
      engine: vocals.engine,
      tier: vocals.tier,
      title: engine?.title ?? vocals.engine,
    };
  } finally {
    for (const s of stems) fs.rmSync(path.dirname(s.path), { recursive: true, force: true });
  }
}
