/**
 * Document 3, "Article reader": estimate, generate, status, list, delete and the public view,
 * plus the embed page behind `embed_url` (docs/api/reader.md). The public view and the embed
 * page need no credential and show only title, audio URL and duration.
 */
import { z } from 'zod';
import { pageSchema, paginate } from '../../../api/pagination.ts';
import { callerOf, type Principal } from '../../../api/principal.ts';
import { TextReply } from '../../../api/reply.ts';
import { defineRoute } from '../../../api/route.ts';
import { originOf } from '../media/media-routes.ts';
import { EMBED_HEADERS, embedPage } from './embed-page.ts';
import {
  estimateRequestSchema,
  estimateSchema,
  generateRequestSchema,
  publicReaderSchema,
  readerCreatedSchema,
  readerJobSchema,
  readerListSchema,
} from './reader-schemas.ts';
import { publicReaderView, readerJobView } from './reader-views.ts';

const TAG = 'reader';
const PUBLIC_LIMIT = { limit: 120, windowSeconds: 60 };
const readerId = z.object({ reader_job_id: z.coerce.number().int().positive() });
const publicId = z.object({ job_id: z.coerce.number().int().positive() });

function owner(principal: Principal | null): string {
  return callerOf(principal).userId;
}

const SOURCE_ERRORS = [
  'validation_error',
  'bad_request',
  'unsupported_media',
  'payload_too_large',
  'voice_not_found',
] as const;

export const readerRoutes = [
  defineRoute({
    method: 'post',
    path: '/reader/estimate',
    summary: 'What narrating an article would cost (nothing is charged)',
    tag: TAG,
    auth: 'user',
    scope: 'reader:read',
    body: estimateRequestSchema,
    response: estimateSchema,
    errors: ['unauthorized', 'forbidden', ...SOURCE_ERRORS],
    handler: ({ body, principal, signal }, { web }) =>
      web.reader.estimate(owner(principal), body, signal),
  }),
  defineRoute({
    method: 'post',
    path: '/reader/generate',
    summary: 'Narrate an article (url or content) as a job; optional signed webhook_url',
    tag: TAG,
    auth: 'user',
    scope: 'reader:write',
    body: generateRequestSchema,
    response: readerCreatedSchema,
    status: 202,
    errors: ['unauthorized', 'forbidden', 'insufficient_credits', ...SOURCE_ERRORS],
    handler: async ({ body, principal, headers, signal }, { web }) => {
      const origin = originOf(headers);
      const { row, secret } = await web.reader.generate(owner(principal), body, origin, signal);
      return { ...readerJobView(web.context, row, origin), webhook_secret: secret };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reader/',
    summary: "The caller's narrated articles, newest first (page, per_page)",
    tag: TAG,
    auth: 'user',
    scope: 'reader:read',
    query: pageSchema(100, 20),
    response: readerListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query, principal, headers }, { web }) => {
      const { rows, total } = web.reader.list(owner(principal), query.page, query.per_page);
      return {
        items: rows.map((row) => readerJobView(web.context, row, originOf(headers))),
        ...paginate(total, query.page, query.per_page),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reader/{reader_job_id}',
    summary: 'A reader job; poll until status completed',
    tag: TAG,
    auth: 'user',
    scope: 'reader:read',
    params: readerId,
    authorize: ({ params, principal }, { web }) => {
      web.reader.job(owner(principal), params.reader_job_id);
    },
    response: readerJobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal, headers }, { web }) =>
      readerJobView(
        web.context,
        web.reader.job(owner(principal), params.reader_job_id),
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/reader/{reader_job_id}',
    summary: 'Delete a narration: its audio, its public view and its embed page',
    tag: TAG,
    auth: 'user',
    scope: 'reader:write',
    params: readerId,
    authorize: ({ params, principal }, { web }) => {
      web.reader.job(owner(principal), params.reader_job_id);
    },
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, { web }) => {
      web.reader.delete(owner(principal), params.reader_job_id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reader/public/{job_id}',
    summary: 'The public view of a narration (no credential): title, audio URL, duration',
    tag: TAG,
    auth: 'none',
    rateLimit: PUBLIC_LIMIT,
    params: publicId,
    response: publicReaderSchema,
    errors: ['not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, headers }, { web }) =>
      publicReaderView(web.context, web.reader.publicJob(params.job_id), originOf(headers)),
  }),
  defineRoute({
    method: 'get',
    path: '/reader/public/{job_id}/embed',
    summary: 'The embeddable player page (HTML, framable by any site, no script)',
    tag: TAG,
    auth: 'none',
    rateLimit: PUBLIC_LIMIT,
    params: publicId,
    produces: 'html',
    errors: ['not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, headers }, { web }) => {
      const view = publicReaderView(
        web.context,
        web.reader.publicJob(params.job_id),
        originOf(headers),
      );
      return new TextReply(embedPage(view), 'text/html; charset=utf-8', EMBED_HEADERS);
    },
  }),
];
