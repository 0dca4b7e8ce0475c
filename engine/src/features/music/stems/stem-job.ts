/**
 * `stem_extraction` job: runs the plan made at creation (stem-planner.ts), one worker-pool call
 * per engine (separation-task.ts), each writing its stems to `<home>/stems/<job id>/`.
 *
 * Credits: the quote's total is reserved at creation (price()). On completion the settlement is
 * the groups that delivered every requested output, rounded down; a group with any failed stem
 * is refunded (document 3: "groups that fail to deliver every requested output are refunded").
 * When nothing was delivered the job fails and the whole hold is refunded. Idempotent: a rerun
 * rewrites the same files from the same input.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError, isCancelled, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { MusicDeps } from '../music-deps.ts';
import {
  SEPARATION_TASK,
  type SeparationTaskInput,
  type SeparationTaskOutput,
} from './separation-task.ts';
import { installedEngines } from './stem-engines.ts';
import { stemOutputSchema } from './stem-schemas.ts';

export const STEM_JOB_TYPE = 'stem_extraction';

export const stemJobInput = z.object({
  file_key: z.string().uuid(),
  original_filename: z.string(),
  /** The mode, or `advanced` for the catalog form. */
  mode: z.string(),
  stems_requested: z.array(z.string()),
  outputs: z.array(stemOutputSchema).min(1),
  unavailable: z.array(z.string()),
  quote: z.object({
    duration_seconds: z.number(),
    billed_seconds: z.number().int(),
    groups: z.array(
      z.object({ group: z.string(), stems: z.array(z.string()), credits: z.number() }),
    ),
    total_credits: z.number().int(),
  }),
});
export type StemJobInput = z.infer<typeof stemJobInput>;

export interface StemJobResult {
  stems: { stem: string; engine: string; tier: 'neural' | 'dsp'; file: string }[];
  failed: Record<string, string>;
  refunded_groups: string[];
  charged_credits: number;
  duration_seconds: number;
}

export function stemJobDir(deps: MusicDeps, jobId: number): string {
  return path.join(deps.config.home, 'stems', String(jobId));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const makeStemJob = (deps: MusicDeps): JobHandler<StemJobInput, StemJobResult> => ({
  type: STEM_JOB_TYPE,
  resource: 'inference',
  idempotent: true,
  input: stemJobInput,
  price(input) {
    return {
      credits: input.quote.total_credits,
      serviceType: 'stem_extraction',
      audioDuration: input.quote.duration_seconds,
      metadata: {
        billed_seconds: input.quote.billed_seconds,
        groups: input.quote.groups.map((g) => g.group),
      },
    };
  },
  async run({ jobId, ownerId, input, signal, progress, reportUsage }) {
    const ffmpeg = await deps.ffmpeg.require();
    const file = deps.files.pathOf(deps.files.get(ownerId, input.file_key));
    const outDir = stemJobDir(deps, jobId);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const engines = new Map(installedEngines(deps).map((e) => [e.id, e]));
    const byEngine = new Map<string, string[]>();
    for (const output of input.outputs)
      byEngine.set(output.engine, [...(byEngine.get(output.engine) ?? []), output.stem]);

    const delivered = new Map<string, { file: string }>();
    const failed: Record<string, string> = {};
    let duration = input.quote.duration_seconds;
    const started = Date.now();
    const order = [...byEngine.entries()];
    for (const [index, [engineId, stems]] of order.entries()) {
      throwIfCancelled(signal);
      const engine = engines.get(engineId);
      if (!engine) {
        for (const stem of stems) failed[stem] = `engine ${engineId} is no longer installed`;
        continue;
      }
      const stage = `separating (${engine.id}, ${engine.tier})`;
      const taskInput: SeparationTaskInput = {
        ffmpeg,
        inputPath: file,
        outDir,
        engine: engine.spec,
        stems,
      };
      try {
        const out = await deps.workers.run<SeparationTaskOutput>(SEPARATION_TASK, taskInput, {
          signal,
          onProgress: (percent) => {
            const overall = ((index + percent / 100) / order.length) * 100;
            const elapsed = (Date.now() - started) / 1000;
            const eta = overall > 1 ? (elapsed * (100 - overall)) / overall : undefined;
            progress({
              percent: Math.min(99, overall),
              stage,
              ...(eta !== undefined && { etaSeconds: eta }),
            });
          },
        });
        duration = out.durationSeconds;
        for (const s of out.stems) delivered.set(s.stem, { file: s.path });
      } catch (error) {
        if (isCancelled(error, signal)) throw error;
        // Input the decoder cannot read fails every engine the same way: fail the job clearly.
        if (
          error instanceof AppError &&
          (error.code === 'invalid_audio' || error.code === 'unsupported_media')
        )
          throw error;
        for (const stem of stems) failed[stem] = reasonOf(error);
      }
    }
    if (delivered.size === 0) {
      throw new AppError(
        'internal_error',
        `No stem could be separated: ${Object.entries(failed)
          .map(([s, r]) => `${s}: ${r}`)
          .join('; ')}`,
      );
    }
    const refunded: string[] = [];
    let exact = 0;
    for (const group of input.quote.groups) {
      if (group.stems.every((stem) => delivered.has(stem))) exact += group.credits;
      else refunded.push(group.group);
    }
    const charged = Math.min(input.quote.total_credits, Math.floor(exact + 1e-9));
    reportUsage({
      credits: charged,
      audioDuration: duration,
      metadata: { refunded_groups: refunded, engines: [...byEngine.keys()] },
    });
    progress({ percent: 100, stage: 'done' });
    return {
      stems: input.outputs
        .filter((o) => delivered.has(o.stem))
        .map((o) => ({
          stem: o.stem,
          engine: o.engine,
          tier: o.tier,
          file: path.relative(deps.config.home, delivered.get(o.stem)!.file),
        })),
      failed,
      refunded_groups: refunded,
      charged_credits: charged,
      duration_seconds: duration,
    };
  },
});
