/**
 * `model_install` and `model_verify`: the model manager's long work as jobs, so the studio
 * follows a download on the job event stream like any other work. Free (no credits): a pack is
 * part of the app, not a service. Idempotent: an install interrupted by a restart starts again
 * in a fresh staging folder and resumes its partial downloads (model-install.ts never leaves a
 * half pack in place). An install also installs the packs the pack requires, first.
 */
import { z } from 'zod';
import { formatBytes, speedAndEta } from '../../../inference/install-progress.ts';
import type { InstallProgress } from '../../../inference/model-install.ts';
import { findLocalCopy } from '../../../inference/model-transfer.ts';
import type { JobHandler, JobProgress } from '../../../jobs/job-types.ts';
import type { ModelManager } from './model-manager.ts';

export const MODEL_INSTALL_JOB = 'model_install';
export const MODEL_VERIFY_JOB = 'model_verify';

export const modelInstallInput = z.object({
  pack_id: z.string().min(1),
  /** Absolute folder to copy the files from instead of downloading them. */
  from: z.string().min(1).nullable(),
  force: z.boolean(),
  /** The user acknowledged a non-commercial licence (older rows lack it). */
  accept_licence: z.boolean().default(false),
});
export type ModelInstallInput = z.infer<typeof modelInstallInput>;

export const modelVerifyInput = z.object({ pack_id: z.string().min(1) });

const VERB = {
  download: 'Downloading',
  copy: 'Copying',
  unpack: 'Unpacking',
  verify: 'Checking',
} as const;

/**
 * Progress events throttled to whole percents (plus a fresh ETA at most once a second), so a
 * fast copy does not flood the stream. `step` places this pack within a multi-pack install.
 */
function progressReporter(
  report: (update: JobProgress) => void,
  step: { index: number; count: number; title: string; before: number; total: number } | null,
) {
  let last = -1;
  let lastAt = 0;
  return (p: InstallProgress): void => {
    const done = (step?.before ?? 0) + p.bytesDone;
    const total = step?.total ?? p.bytesTotal;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
    const now = Date.now();
    if (percent === last && now - lastAt < 1000) return;
    last = percent;
    lastAt = now;
    const rate = speedAndEta(p);
    const prefix =
      step && step.count > 1 ? `${step.title} (${step.index + 1}/${step.count}) · ` : '';
    const stage =
      `${prefix}${VERB[p.phase]} ${p.file} (${p.fileIndex + 1}/${p.fileCount}) · ` +
      `${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)}${rate ? ` · ${rate}` : ''}`;
    const remaining = total - done;
    const eta =
      p.bytesPerSecond !== null && p.bytesPerSecond > 0
        ? Math.ceil(remaining / p.bytesPerSecond)
        : undefined;
    report({
      percent: Math.min(percent, 99),
      stage,
      ...(eta !== undefined && { etaSeconds: eta }),
    });
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
    const plan = manager.installPlan(input.pack_id, input.force);
    const views = plan.map((id) => manager.view(id));
    const total = views.reduce((sum, v) => sum + v.bytes, 0);
    let before = 0;
    const installed: string[] = [];
    for (const [index, view] of views.entries()) {
      const main = view.id === input.pack_id;
      // A folder install takes the required packs from the same folder when it holds them.
      const from =
        input.from !== null && (main || hasAll(manager, view.id, input.from)) ? input.from : null;
      await manager.install(view.id, {
        signal,
        force: main && input.force,
        acceptLicence: input.accept_licence,
        ...(from !== null && { from }),
        onProgress: progressReporter(progress, {
          index,
          count: views.length,
          title: view.title,
          before,
          total,
        }),
      });
      installed.push(view.id);
      before += view.bytes;
    }
    const result = manager.view(input.pack_id);
    return {
      id: result.id,
      version: result.version,
      status: plan.length === 0 ? 'already_installed' : 'installed',
      bytes: result.bytes,
      installed,
    };
  },
});

function hasAll(manager: ModelManager, packId: string, folder: string): boolean {
  return manager.manifestFiles(packId).every((f) => findLocalCopy(folder, f) !== null);
}

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
      onProgress: progressReporter(progress, null),
    });
    return {
      id: result.id,
      ok: result.ok,
      version: result.installedVersion,
      files: result.files.map((f) => ({ name: f.name, ok: f.ok, problem: f.problem })),
    };
  },
});
