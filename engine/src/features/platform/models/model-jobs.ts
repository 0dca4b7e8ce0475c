/**
 * `model_install` and `model_verify`: the model manager's long work as jobs, so the studio
 * follows a download on the job event stream like any other work. Free (no credits): a pack is
 * part of the app, not a service. Idempotent: an install interrupted by a restart starts over
 * in a fresh staging folder (model-install.ts never leaves a half pack in place).
 */
import { z } from 'zod';
import { formatBytes } from '../../../inference/install-progress.ts';
import type { InstallProgress } from '../../../inference/model-install.ts';
import type { JobHandler, JobProgress } from '../../../jobs/job-types.ts';
import type { ModelManager } from './model-manager.ts';

export const MODEL_INSTALL_JOB = 'model_install';
export const MODEL_VERIFY_JOB = 'model_verify';

export const modelInstallInput = z.object({
  pack_id: z.string().min(1),
  /** Absolute folder to copy the files from instead of downloading them. */
  from: z.string().min(1).nullable(),
  force: z.boolean(),
});
export type ModelInstallInput = z.infer<typeof modelInstallInput>;

export const modelVerifyInput = z.object({ pack_id: z.string().min(1) });

const VERB = {
  download: 'Downloading',
  copy: 'Copying',
  unpack: 'Unpacking',
  verify: 'Checking',
} as const;

/** Progress events are throttled to whole percents so a fast copy does not flood the stream. */
function progressReporter(report: (update: JobProgress) => void) {
  let last = -1;
  return (p: InstallProgress): void => {
    const percent = p.bytesTotal > 0 ? Math.floor((p.bytesDone / p.bytesTotal) * 100) : 0;
    if (percent === last) return;
    last = percent;
    const stage = `${VERB[p.phase]} ${p.file} (${p.fileIndex + 1}/${p.fileCount}) · ${formatBytes(
      p.bytesDone,
    )} of ${formatBytes(p.bytesTotal)}`;
    report({ percent: Math.min(percent, 99), stage });
  };
}

export const makeModelInstallJob = (
  manager: ModelManager,
): JobHandler<ModelInstallInput, unknown> => ({
  type: MODEL_INSTALL_JOB,
  resource: 'io',
  idempotent: true,
  input: modelInstallInput,
  async run({ input, signal, progress }) {
    progress({ percent: 0, stage: 'Starting' });
    const result = await manager.install(input.pack_id, {
      signal,
      force: input.force,
      ...(input.from !== null && { from: input.from }),
      onProgress: progressReporter(progress),
    });
    return { id: result.id, version: result.version, status: result.status, bytes: result.bytes };
  },
});

export const makeModelVerifyJob = (
  manager: ModelManager,
): JobHandler<z.infer<typeof modelVerifyInput>, unknown> => ({
  type: MODEL_VERIFY_JOB,
  resource: 'io',
  idempotent: true,
  input: modelVerifyInput,
  async run({ input, signal, progress }) {
    progress({ percent: 0, stage: 'Starting' });
    const result = await manager.verify(input.pack_id, {
      signal,
      onProgress: progressReporter(progress),
    });
    return {
      id: result.id,
      ok: result.ok,
      version: result.installedVersion,
      files: result.files.map((f) => ({ name: f.name, ok: f.ok, problem: f.problem })),
    };
  },
});
