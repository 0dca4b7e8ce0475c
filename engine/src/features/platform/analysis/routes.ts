/**
 * POST /analysis starts an `audio_analysis` job for an uploaded file (docs/api/jobs.md); the job
 * is then followed on the jobs routes and the SSE stream like any other.
 */
import { defineRoute } from '../../../api/route.ts';
import { toView } from '../../../jobs/job-repo.ts';
import { jobSchema } from '../../../jobs/job-schema.ts';
import { analysisInput } from './analysis-job.ts';

export const analysisRoutes = [
  defineRoute({
    method: 'post',
    path: '/analysis',
    summary: 'Measure an uploaded file’s levels and waveform (an audio_analysis job)',
    tag: 'analysis',
    auth: 'user',
    scope: 'analysis:write',
    body: analysisInput,
    response: jobSchema,
    status: 202,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'insufficient_credits'],
    handler: async ({ body, principal }, services) => {
      const ownerId = principal?.userId ?? '';
      services.files.get(ownerId, body.file_key); // 404 now rather than a failed job later
      return toView(await services.jobs.create(ownerId, 'audio_analysis', body));
    },
  }),
];
