/**
 * Job `denoise` (the contract's job_type): denoises an uploaded recording with the mode's engine
 * in the worker pool and stores the result in the file store (content-addressed, like uploads).
 *
 * Price: `denoise_audio` credits per started minute (GET /credits/multipliers), reserved from the
 * probed duration and settled on the decoded one. Idempotent: a re-run after a crash produces
 * the same files and charges once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { probeMedia } from '../../audio/probe.ts';
import { AppError, isAppError } from '../../errors.ts';
import { probedSeconds } from '../platform/index.ts';
import type { JobContext, JobHandler } from '../../jobs/job-types.ts';
import type { CleanupDeps } from './cleanup-deps.ts';
import { ENGINES, type EngineFiles, type QualityMode } from './denoise-engines.ts';
import type { DenoiseFileResult } from './denoise-file.ts';
import { denoiseRemotely } from './denoise-offload.ts';
import { DENOISE_OUTPUT_FORMATS, DENOISE_QUALITY_MODES } from './denoise-schema.ts';
import { DENOISE_TASK, type DenoiseTaskInput } from './denoise-task.ts';
import { outputFilename, planOutput } from './output-format.ts';

export const DENOISE_JOB = 'denoise';

export const denoiseInput = z.object({
  file_key: z.string().uuid(),
  quality_mode: z.enum(DENOISE_QUALITY_MODES),
  output_format: z.enum(DENOISE_OUTPUT_FORMATS).nullable(),
  /** The url the file was fetched from, when it came from one. */
  source_url: z.string().nullable(),
  /** Runs on the hosted service: this machine lacks the pack (denoise-offload.ts). */
  offload: z.boolean().default(false),
});

export type DenoiseInput = z.output<typeof denoiseInput>;

export interface StoredOutput {
  file_key: string;
  filename: string;
  content_type: string;
}

export interface DenoiseResult extends DenoiseFileResult {
  audio: StoredOutput;
  video: StoredOutput | null;
  /** Offloaded: the hosted job, and what it charged the hosted account. */
  hosted?: { job_id: string; credits_used: number };
}

/** Absolute paths of the mode's model files; model_not_installed names the install command. */
export function resolveEngineFiles(
  deps: Pick<CleanupDeps, 'models'>,
  mode: QualityMode,
): EngineFiles {
  const engine = ENGINES[mode];
  const files: EngineFiles = {};
  for (const name of engine.files) files[name] = deps.models.resolveModelFile(engine.pack, name);
  return files;
}

export const makeDenoiseJob = (deps: CleanupDeps): JobHandler<DenoiseInput, DenoiseResult> => ({
  type: DENOISE_JOB,
  resource: 'inference',
  idempotent: true,
  input: denoiseInput,
  async price(input, { ownerId }) {
    // Offloaded work is billed to the hosted account, not the local ledger.
    if (input.offload)
      return { credits: 0, serviceType: 'denoise_audio', metadata: { offload: true } };
    return deps.pricing.quoteMinutes(
      'denoise_audio',
      await probedSeconds(deps, ownerId, input.file_key),
    );
  },
  async run(ctx) {
    if (ctx.input.offload) return denoiseRemotely(deps, ctx);
    const { input, ownerId } = ctx;
    const row = deps.files.get(ownerId, input.file_key);
    const source = deps.files.pathOf(row);
    try {
      return await denoiseStored(row.filename, source, { ...ctx, deps });
    } catch (error) {
      // Messages name the stored blob (a sha256); the user knows the file by its own name.
      if (isAppError(error)) {
        throw new AppError(
          error.code,
          error.message.split(path.basename(source)).join(row.filename),
          error.details === undefined ? {} : { details: error.details },
        );
      }
      throw error;
    }
  },
});

async function denoiseStored(
  filename: string,
  source: string,
  {
    jobId,
    input,
    ownerId,
    signal,
    progress,
    reportUsage,
    deps,
  }: JobContext<DenoiseInput> & { deps: CleanupDeps },
): Promise<DenoiseResult> {
  const files = resolveEngineFiles(deps, input.quality_mode);
  const ffmpeg = await deps.ffmpeg.require();
  progress({ percent: 0, stage: 'probe' });
  const info = await probeMedia(ffmpeg, source, { signal });
  const plan = planOutput(info, filename, input.output_format);
  const work = path.join(deps.config.home, 'files', '.tmp', `denoise-${jobId}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    const audioOut = path.join(work, `audio.${plan.audio.extension}`);
    const videoOut = plan.video ? path.join(work, `video.${plan.video.extension}`) : null;
    const task: DenoiseTaskInput = {
      input: source,
      audioOut,
      videoOut,
      mode: input.quality_mode,
      files,
      plan,
      info,
      ffmpeg: { path: ffmpeg.path, version: ffmpeg.version },
      executionProviders: deps.config.executionProviders,
    };
    const measured = await deps.workers.run<DenoiseFileResult>(DENOISE_TASK, task, {
      signal,
      onProgress: (percent, stage) =>
        progress({ percent: percent * 0.98, stage: stage ?? 'denoise' }),
    });
    progress({ percent: 98, stage: 'store' });
    const audio = await store(deps, ownerId, audioOut, {
      filename: outputFilename(filename, plan.audio.extension),
      contentType: plan.audio.contentType,
    });
    const video =
      videoOut && plan.video
        ? await store(deps, ownerId, videoOut, {
            filename: outputFilename(filename, plan.video.extension),
            contentType: plan.video.contentType,
          })
        : null;
    const used = deps.pricing.quoteMinutes('denoise_audio', measured.duration_seconds);
    reportUsage({ credits: used.credits, audioDuration: measured.duration_seconds });
    return { ...measured, audio, video };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function store(
  deps: CleanupDeps,
  ownerId: string,
  file: string,
  meta: { filename: string; contentType: string },
): Promise<StoredOutput> {
  const saved = await deps.files.save(ownerId, fs.createReadStream(file), meta);
  return { file_key: saved.file_key, filename: saved.filename, content_type: saved.content_type };
}
