/**
 * Native job routes (not in the contract documents; see docs/api/jobs.md): the studio's jobs
 * panel and scripts list, inspect, cancel and stream every job of the caller.
 */
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { defineRoute } from '../../../api/route.ts';
import { SseReply } from '../../../api/reply.ts';
import { jobSchema } from '../../../jobs/job-schema.ts';
import { toView } from '../../../jobs/job-repo.ts';
import { JOB_STATUSES } from '../../../jobs/job-types.ts';
import type { Services } from '../../../services.ts';
import { pageSchema, paginate } from '../../../api/pagination.ts';

const jobIdParams = z.object({ job_id: z.coerce.number().int().positive() });

function ownJob(services: Services, ownerId: string, id: number) {
  const row = services.jobRepo.get(id);
  // Another owner's job answers exactly like a missing one: ids must not leak.
  if (!row || row.ownerId !== ownerId) throw new AppError('not_found', `Job ${id} not found.`);
  return row;
}

export const jobRoutes = [
  defineRoute({
    method: 'get',
    path: '/jobs',
    summary: 'List the caller’s jobs, newest first',
    tag: 'jobs',
    auth: 'user',
    scope: 'jobs:read',
    query: z.object({
      status: z.enum(JOB_STATUSES).optional(),
      type: z.string().max(64).optional(),
      ...pageSchema(100, 20).shape,
    }),
    response: z.object({
      jobs: z.array(jobSchema),
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
      has_next: z.boolean(),
      has_prev: z.boolean(),
    }),
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, services) => {
      const userId = principal?.userId ?? '';
      const { rows, total } = services.jobRepo.list({
        ownerId: userId,
        status: query.status,
        type: query.type,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { jobs: rows.map(toView), ...paginate(total, query.page, query.per_page) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/jobs/events',
    summary:
      'Server-sent events for the caller’s jobs (job.created, job.progress, job.completed, job.failed, job.cancelled)',
    tag: 'jobs',
    auth: 'user',
    scope: 'jobs:read',
    produces: 'sse',
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal }, services) =>
      new SseReply((channel) =>
        services.jobEvents.subscribe((event) => {
          if (event.ownerId === principal?.userId)
            channel.send('job', { event: event.event, job: event.job });
        }),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/jobs/{job_id}',
    summary: 'One job with its progress, stage, ETA, result or error',
    tag: 'jobs',
    auth: 'user',
    scope: 'jobs:read',
    params: jobIdParams,
    response: jobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) =>
      toView(ownJob(services, principal?.userId ?? '', params.job_id)),
  }),
  defineRoute({
    method: 'post',
    path: '/jobs/{job_id}/cancel',
    summary: 'Cancel a queued or running job; finished jobs are returned unchanged',
    tag: 'jobs',
    auth: 'user',
    scope: 'jobs:write',
    params: jobIdParams,
    response: jobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) => {
      ownJob(services, principal?.userId ?? '', params.job_id);
      return toView(services.jobs.cancel(params.job_id));
    },
  }),
];
