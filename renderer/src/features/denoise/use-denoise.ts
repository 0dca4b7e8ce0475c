/**
 * The Noise reduction page's data: starting a job (upload and start in one request) and the job
 * followed live (useJobRun), its full record (figures, URLs) read from the status route when it
 * is known and again when it ends.
 */
import type { Job } from '../../api/types.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import type { DenoiseJob, QualityMode } from './denoise-types.ts';

function withLive(record: DenoiseJob, live: Job): DenoiseJob {
  return {
    ...record,
    status: toolStatus(live),
    progress: live.progress,
    stage: live.stage,
    eta_seconds: live.eta_seconds,
  };
}

export function useDenoise() {
  const api = useStudioApi();
  return useJobRun({
    statusPath: '/denoiser/jobs/{denoise_job_id}',
    statusCall: (id) => ({ params: { denoise_job_id: id } }),
    start: ({ file, mode }: { file: File; mode: QualityMode }) => {
      const form = new FormData();
      form.set('quality_mode', mode);
      form.set('file', file, file.name);
      return api.post('/denoiser/denoise', { body: form });
    },
    jobId: (created) => created.id,
    withLive,
  });
}
