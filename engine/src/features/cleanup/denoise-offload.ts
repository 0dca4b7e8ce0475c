/**
 * A denoise job run on the hosted service (docs/api/sync.md, "Offload"; docs/api/denoise.md):
 * when this machine lacks the mode's model pack and its owner allowed offload, the same request
 * goes to the hosted service's POST /denoiser/denoise, its progress is mirrored here, and the
 * denoised files are copied into the local file store — so the local job reads exactly like one
 * that ran here. The hosted account pays; the local job reserves nothing.
 */
import type { JobContext } from '../../jobs/job-types.ts';
import type { RemoteRun, StoredFile } from '../platform/index.ts';
import type { CleanupDeps } from './cleanup-deps.ts';
import { ENGINES } from './denoise-engines.ts';
import type { DenoiseInput, DenoiseResult, StoredOutput } from './denoise-job.ts';

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function output(file: StoredFile | undefined): StoredOutput | null {
  return file
    ? { file_key: file.file_key, filename: file.filename, content_type: file.content_type }
    : null;
}

export function denoiseRun(input: DenoiseInput): RemoteRun {
  return {
    capability: 'denoise',
    create: {
      path: '/denoiser/denoise',
      fields: {
        quality_mode: input.quality_mode,
        ...(input.output_format !== null && { output_format: input.output_format }),
      },
      file: { field: 'file', fileKey: input.file_key },
    },
    jobIdOf: (created) => String(created.id),
    statusPath: (id) => `/denoiser/jobs/${id}`,
    stateOf: (body) => ({
      phase:
        body.status === 'COMPLETED' ? 'completed' : body.status === 'FAILED' ? 'failed' : 'running',
      percent: num(body.progress) ?? 0,
      stage: typeof body.stage === 'string' ? body.stage : null,
      error: typeof body.error === 'string' ? body.error : null,
    }),
    outputsOf: (body) => [
      ...(typeof body.denoised_audio_url === 'string'
        ? [{ name: 'audio', url: body.denoised_audio_url }]
        : []),
      ...(typeof body.video_output_url === 'string'
        ? [{ name: 'video', url: body.video_output_url }]
        : []),
    ],
  };
}

export async function denoiseRemotely(
  deps: CleanupDeps,
  ctx: JobContext<DenoiseInput>,
): Promise<DenoiseResult> {
  const remote = await deps.offload.run(ctx.jobId, ctx.ownerId, denoiseRun(ctx.input), {
    signal: ctx.signal,
    progress: (percent, stage) => ctx.progress({ percent, stage: stage ?? 'hosted' }),
  });
  const { body } = remote;
  const audio = output(remote.files.audio);
  if (!audio) throw new Error('The hosted denoise job answered no audio.');
  return {
    noise_floor_before_db: num(body.noise_floor_before_db),
    noise_floor_after_db: num(body.noise_floor_after_db),
    noise_reduction_db: num(body.noise_reduction_db) ?? 0,
    duration_seconds: num(body.duration_seconds) ?? 0,
    channels: 0,
    engine: typeof body.engine === 'string' ? body.engine : ENGINES[ctx.input.quality_mode].name,
    engine_sample_rate: ENGINES[ctx.input.quality_mode].sampleRate,
    silence_skipped_seconds: 0,
    audio,
    video: output(remote.files.video),
    hosted: { job_id: remote.hostedJobId, credits_used: num(body.credits_used) ?? 0 },
  };
}
