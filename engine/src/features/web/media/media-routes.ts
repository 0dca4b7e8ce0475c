/**
 * Document 3, "Media extraction": the eight /video routes with the contract's rate limits, plus
 * the native GET /video/public/download/{task_id} so a public download can be followed without
 * a credential (docs/api/media.md). Thin: the media service does the work.
 */
import { z } from 'zod';
import { StatusReply } from '../../../api/reply.ts';
import { callerOf, type Principal } from '../../../api/principal.ts';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { PUBLIC_OWNER } from './media-service.ts';
import {
  bulkRequestSchema,
  downloadCreatedSchema,
  downloadJobSchema,
  downloadListQuerySchema,
  downloadListSchema,
  downloadRequestSchema,
  infoPendingSchema,
  infoRequestSchema,
  publicDownloadRequestSchema,
  videoInfoSchema,
} from './media-schemas.ts';
import { DOWNLOAD_JOB } from './media-service.ts';
import { downloadJobView, FROM_CONTRACT_STATUS } from './media-views.ts';

const TAG = 'media';
const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });

function owner(principal: Principal | null): string {
  return callerOf(principal).userId;
}

export function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

const EXTRACT_ERRORS = [
  'validation_error',
  'bad_request',
  'payload_too_large',
  'unsupported_media',
  'service_unavailable',
  'rate_limit_exceeded',
] as const;

export const mediaRoutes = [
  defineRoute({
    method: 'post',
    path: '/video/public/info',
    summary: 'Media info without a credential: 200 when cached, else 202 with a job to poll',
    tag: TAG,
    auth: 'none',
    rateLimit: perMinute(60),
    body: infoRequestSchema,
    response: videoInfoSchema,
    errors: [...EXTRACT_ERRORS],
    handler: async ({ body, headers }, { web }) => {
      const cached = web.media.cache.get(body.url);
      if (cached)
        return web.media.view(cached, {
          includeFormats: body.include_formats ?? false,
          public: true,
        });
      const job = await web.media.startInfoJob(body.url);
      const pending = infoPendingSchema.parse({
        job_id: job.id,
        status: job.status === 'queued' ? 'PENDING' : 'PROCESSING',
        poll_url: `${originOf(headers)}/api/v1/video/video-download/public/info/status/${job.id}`,
      });
      return new StatusReply(202, pending);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/video/video-download/public/info/status/{job_id}',
    summary: 'A public info job: 202 while extracting, 200 with the info, 404 unknown or expired',
    tag: TAG,
    auth: 'none',
    rateLimit: perMinute(60),
    params: z.object({ job_id: z.coerce.number().int().positive() }),
    response: videoInfoSchema,
    errors: ['not_found', 'bad_request', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, headers }, { web }) => {
      const state = web.media.infoJob(params.job_id);
      if (state.state === 'done')
        return web.media.view(state.info, { includeFormats: true, public: true });
      if (state.state === 'failed')
        throw new AppError('bad_request', state.message, {
          details: { reason: /\((\w+)\)/.exec(state.message)?.[1] ?? 'unavailable' },
        });
      return new StatusReply(
        202,
        infoPendingSchema.parse({
          job_id: state.job.id,
          status: state.job.status === 'queued' ? 'PENDING' : 'PROCESSING',
          poll_url: `${originOf(headers)}/api/v1/video/video-download/public/info/status/${state.job.id}`,
        }),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/video/info',
    summary: 'Media info with its formats (extracts at once when not cached, at most 45 s)',
    tag: TAG,
    auth: 'user',
    scope: 'media:read',
    rateLimit: perMinute(30),
    body: infoRequestSchema,
    response: videoInfoSchema,
    errors: ['unauthorized', 'forbidden', ...EXTRACT_ERRORS],
    handler: async ({ body, signal }, { web }) =>
      web.media.view(await web.media.info(body.url, signal), {
        includeFormats: body.include_formats ?? true,
        public: false,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/video/public/download',
    summary: 'Download without a credential: mp4, mp3 or wav, at most 720p and 10 minutes, free',
    tag: TAG,
    auth: 'none',
    rateLimit: perMinute(10),
    body: publicDownloadRequestSchema,
    response: downloadJobSchema,
    status: 202,
    errors: [...EXTRACT_ERRORS],
    handler: async ({ body, headers, signal }, { web }) => {
      const row = await web.media.createDownload(
        PUBLIC_OWNER,
        {
          url: body.url,
          format: body.format,
          quality: body.quality ?? null,
          audioOnly: body.audio_only,
          includeThumbnail: false,
          formatSelector: null,
          outputFilename: null,
        },
        { public: true, signal, preExtract: true },
      );
      return downloadJobView(web.context, row, originOf(headers));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/video/public/download/{task_id}',
    summary: 'A public download by its task_id (native: follow it without a credential)',
    tag: TAG,
    auth: 'none',
    rateLimit: perMinute(60),
    params: z.object({ task_id: z.string().uuid() }),
    response: downloadJobSchema,
    errors: ['not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, headers }, { web }) =>
      downloadJobView(web.context, web.media.publicDownload(params.task_id), originOf(headers)),
  }),
  defineRoute({
    method: 'post',
    path: '/video/download',
    summary: 'Download media as a job (format, quality, audio_only, thumbnail, format_selector)',
    tag: TAG,
    auth: 'user',
    scope: 'media:write',
    rateLimit: perMinute(10),
    body: downloadRequestSchema,
    response: downloadCreatedSchema,
    status: 202,
    errors: ['unauthorized', 'forbidden', 'insufficient_credits', ...EXTRACT_ERRORS],
    handler: async ({ body, principal, headers, signal }, { web }) => {
      const row = await web.media.createDownload(
        owner(principal),
        {
          url: body.url,
          format: body.format,
          quality: body.quality ?? null,
          audioOnly: body.audio_only,
          includeThumbnail: body.include_thumbnail,
          formatSelector: body.format_selector ?? null,
          outputFilename: body.output_filename ?? null,
        },
        { public: false, signal, preExtract: true },
      );
      return {
        job: downloadJobView(web.context, row, originOf(headers)),
        estimated_credits: row.creditsReserved,
        message: 'Download started: follow it at GET /video/video-download/jobs/{job_id}.',
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/video/video-download/bulk-download',
    summary: 'Start up to 20 downloads at once (each a job; info is extracted inside the job)',
    tag: TAG,
    auth: 'user',
    scope: 'media:write',
    rateLimit: perMinute(3),
    body: bulkRequestSchema,
    response: z.object({ jobs: z.array(downloadJobSchema) }),
    status: 202,
    errors: ['unauthorized', 'forbidden', 'insufficient_credits', ...EXTRACT_ERRORS],
    handler: async ({ body, principal, headers, signal }, { web }) => {
      // Every URL is judged before any job is created: one refused URL refuses the request.
      for (const item of body.downloads) await web.context.fetcher.judge(item.url);
      const jobs = [];
      for (const item of body.downloads) {
        const row = await web.media.createDownload(
          owner(principal),
          {
            url: item.url,
            format: item.format,
            quality: item.quality ?? null,
            audioOnly: body.audio_only,
            includeThumbnail: body.include_thumbnails,
            formatSelector: null,
            outputFilename: null,
          },
          { public: false, signal, preExtract: false },
        );
        jobs.push(downloadJobView(web.context, row, originOf(headers)));
      }
      return { jobs };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/video/video-download/jobs/{download_job_id}',
    summary: 'A download job: status, progress and, once completed, signed URLs',
    tag: TAG,
    auth: 'user',
    scope: 'media:read',
    rateLimit: perMinute(60),
    params: z.object({ download_job_id: z.coerce.number().int().positive() }),
    authorize: ({ params, principal }, { web }) => {
      web.media.downloadJob(owner(principal), params.download_job_id);
    },
    response: downloadJobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, principal, headers }, { web }) =>
      downloadJobView(
        web.context,
        web.media.downloadJob(owner(principal), params.download_job_id),
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/video/video-download/jobs',
    summary: "The caller's downloads, newest first (filters status, platform, format)",
    tag: TAG,
    auth: 'user',
    scope: 'media:read',
    rateLimit: perMinute(30),
    query: downloadListQuerySchema,
    response: downloadListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ query, principal, headers }, { web, jobRepo }) => {
      const { rows, total } = jobRepo.list({
        ownerId: owner(principal),
        type: DOWNLOAD_JOB,
        ...(query.status && { status: FROM_CONTRACT_STATUS[query.status] }),
        inputEquals: {
          ...(query.platform && { platform: query.platform.toLowerCase() }),
          ...(query.format && { format: query.format.toLowerCase() }),
        },
        limit: query.limit,
        offset: query.skip,
      });
      return {
        items: rows.map((row) => downloadJobView(web.context, row, originOf(headers))),
        total,
        limit: query.limit,
        skip: query.skip,
      };
    },
  }),
];
