/**
 * Stem separation for other features (audio-to-MIDI splits before transcribing): separate a
 * file directly, without a stem job, and read a finished stem job's outputs. Same engines and
 * worker task as the stem_extraction job; a stem no installed engine can produce comes back in
 * `failed` with the reason, never as a copy of the mix.
 *
 * separateStems writes into a fresh folder under `<home>/stems/direct/`; the caller owns the
 * files and removes them (or the folder) when done.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isCancelled } from '../../../errors.ts';
import type { MusicDeps } from '../music-deps.ts';
import {
  SEPARATION_TASK,
  type SeparationTaskInput,
  type SeparationTaskOutput,
} from './separation-task.ts';
import { installedEngines, packsProducing } from './stem-engines.ts';
import { STEM_JOB_TYPE, stemJobDir, type StemJobResult } from './stem-job.ts';
import { stemJobView } from './stem-service.ts';

export interface SeparatedStem {
  stem: string;
  path: string;
  engine: string;
  tier: 'neural' | 'dsp';
}

export async function separateStems(
  deps: MusicDeps,
  input: {
    filePath: string;
    stems: string[];
    signal: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<{ stems: SeparatedStem[]; failed: { stem: string; reason: string }[] }> {
  const ffmpeg = await deps.ffmpeg.require();
  const engines = installedEngines(deps);
  const failed: { stem: string; reason: string }[] = [];
  const byEngine = new Map<string, string[]>();
  for (const stem of [...new Set(input.stems)]) {
    const engine = engines.find((e) => e.stems.includes(stem));
    if (!engine) {
      const packs = packsProducing(stem);
      failed.push({
        stem,
        reason: `no installed separation engine can produce "${stem}"${packs.length > 0 ? ` (install ${packs.join(' or ')})` : ''}`,
      });
      continue;
    }
    byEngine.set(engine.id, [...(byEngine.get(engine.id) ?? []), stem]);
  }
  const outDir = path.join(deps.config.home, 'stems', 'direct', randomUUID());
  const stems: SeparatedStem[] = [];
  const order = [...byEngine.entries()];
  for (const [index, [engineId, wanted]] of order.entries()) {
    const engine = engines.find((e) => e.id === engineId)!;
    const taskInput: SeparationTaskInput = {
      ffmpeg,
      inputPath: input.filePath,
      outDir,
      engine: engine.spec,
      stems: wanted,
    };
    try {
      const out = await deps.workers.run<SeparationTaskOutput>(SEPARATION_TASK, taskInput, {
        signal: input.signal,
        onProgress: (percent) => input.onProgress?.((index + percent / 100) / order.length),
      });
      for (const s of out.stems)
        stems.push({ stem: s.stem, path: s.path, engine: engine.id, tier: engine.tier });
    } catch (error) {
      if (isCancelled(error, input.signal)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      for (const stem of wanted) failed.push({ stem, reason });
    }
  }
  input.onProgress?.(1);
  if (stems.length === 0) fs.rmSync(outDir, { recursive: true, force: true });
  return { stems, failed };
}

/** The outputs of a finished stem job the owner may use, 'expired' when purged, null when no such job. */
export function stemJobOutputs(
  deps: MusicDeps,
  ownerId: string,
  stemJobId: number,
): { stems: { stem: string; path: string }[] } | 'expired' | null {
  const row = deps.jobRepo.get(stemJobId);
  if (!row || row.ownerId !== ownerId || row.type !== STEM_JOB_TYPE || row.status !== 'completed')
    return null;
  if (stemJobView(deps, row).outputs_expired) return 'expired';
  const result = row.result as StemJobResult | null;
  if (!result) return null;
  const stems = result.stems
    .map((s) => ({ stem: s.stem, path: path.join(deps.config.home, s.file) }))
    .filter((s) => fs.existsSync(s.path));
  if (stems.length === 0 && fs.existsSync(stemJobDir(deps, stemJobId)) === false) return 'expired';
  return { stems };
}
