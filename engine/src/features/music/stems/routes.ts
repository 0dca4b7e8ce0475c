/**
 * Document 3, "Stem separation": create (mode or advanced catalog form), status with presigned
 * download URLs, catalog, packages, pricing and quote. Thin rows over stem-service.ts; the job
 * itself is `stem_extraction` (stem-job.ts), also visible on the jobs routes and SSE stream.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import type { ErrorCode } from '../../../errors.ts';
import {
  advancedFieldsSchema,
  catalogEntrySchema,
  extractFieldsSchema,
  packagesSchema,
  pricingSchema,
  quoteFieldsSchema,
  quoteSchema,
  stemJobCreatedSchema,
  stemJobSchema,
} from './stem-schemas.ts';
import {
  catalogView,
  createStemJob,
  measureSeconds,
  packagesView,
  planFor,
  pricingView,
  quoteFor,
  readStemForm,
  requestFromFields,
  stemJobRow,
  stemJobView,
} from './stem-service.ts';

const TAG = 'stems';
const readErrors: ErrorCode[] = ['unauthorized', 'token_expired', 'forbidden'];
const createErrors: ErrorCode[] = [
  ...readErrors,
  'validation_error',
  'not_found',
  'invalid_audio',
  'unsupported_media',
  'unsupported_media_type',
  'stem_unavailable',
  'payload_too_large',
  'insufficient_credits',
  'ffmpeg_unavailable',
];

/** A multipart upload (`file`), or `file_key` / `url` as JSON or form fields. */
const STEM_BODY_TYPES = [
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json',
];

export const stemRoutes = [
  defineRoute({
    method: 'post',
    path: '/stem-extraction/api/extract',
    summary: 'Separate an audio file into stems by mode (a stem_extraction job)',
    tag: TAG,
    auth: 'user',
    scope: 'stems:write',
    body: extractFieldsSchema,
    bodyKind: 'raw',
    rawTypes: STEM_BODY_TYPES,
    response: stemJobCreatedSchema,
    status: 202,
    errors: createErrors,
    handler: async ({ stream, headers, principal, signal }, { music }) => {
      const ownerId = principal?.userId ?? '';
      const form = await readStemForm(music, ownerId, stream, headers, signal);
      const row = await createStemJob(music, ownerId, form, false, signal);
      return { message: 'Stem separation started.', job: stemJobView(music, row) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/stem-extraction/extract/advanced',
    summary: 'Isolate one catalog stem and/or remove one (single_stem, exclude_stems)',
    tag: TAG,
    auth: 'user',
    scope: 'stems:write',
    body: advancedFieldsSchema,
    bodyKind: 'raw',
    rawTypes: STEM_BODY_TYPES,
    response: stemJobCreatedSchema,
    status: 202,
    errors: createErrors,
    handler: async ({ stream, headers, principal, signal }, { music }) => {
      const ownerId = principal?.userId ?? '';
      const form = await readStemForm(music, ownerId, stream, headers, signal);
      const row = await createStemJob(music, ownerId, form, true, signal);
      return { message: 'Stem separation started.', job: stemJobView(music, row) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/stem-extraction/status/{stem_job_id}',
    summary: 'A stem job’s status; when completed, freshly presigned download URLs per stem',
    // `{stem_job_id}` is the contract's `{job_id}` (the same URL): the id POST …/extract answered.
    tag: TAG,
    auth: 'user',
    scope: 'stems:read',
    rateLimit: { limit: 60, windowSeconds: 60 },
    params: z.object({ stem_job_id: z.coerce.number().int().positive() }),
    response: stemJobSchema,
    errors: [...readErrors, 'not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ params, principal }, { music }) =>
      stemJobView(music, stemJobRow(music, principal?.userId ?? '', params.stem_job_id)),
  }),
  defineRoute({
    method: 'get',
    path: '/stem-extraction/catalog',
    summary: 'The 45-entry stem catalog, with what the caller’s plan allows',
    tag: TAG,
    auth: 'user',
    scope: 'stems:read',
    response: z.array(catalogEntrySchema),
    errors: readErrors,
    handler: ({ principal }, { music }) => catalogView(music, principal?.userId ?? ''),
  }),
  defineRoute({
    method: 'get',
    path: '/stem-extraction/packages/available',
    summary: 'Modes, catalog stems and installed engines the caller can use',
    tag: TAG,
    auth: 'user',
    scope: 'stems:read',
    response: packagesSchema,
    errors: readErrors,
    handler: ({ principal }, { music }) => packagesView(music, principal?.userId ?? ''),
  }),
  defineRoute({
    method: 'get',
    path: '/stem-extraction/pricing',
    summary: 'The current group rate card',
    tag: TAG,
    auth: 'user',
    scope: 'stems:read',
    response: pricingSchema,
    errors: readErrors,
    handler: (_ctx, { music }) => pricingView(music),
  }),
  defineRoute({
    method: 'post',
    path: '/stem-extraction/quote',
    summary: 'Measure a file and price a separation: each group and the total (nothing is charged)',
    tag: TAG,
    auth: 'user',
    scope: 'stems:read',
    body: quoteFieldsSchema,
    bodyKind: 'raw',
    rawTypes: STEM_BODY_TYPES,
    response: quoteSchema,
    errors: createErrors.filter((c) => c !== 'insufficient_credits'),
    handler: async ({ stream, headers, principal, signal }, { music }) => {
      const ownerId = principal?.userId ?? '';
      const form = await readStemForm(music, ownerId, stream, headers, signal);
      const plan = planFor(music, ownerId, requestFromFields(form.fields, false));
      const file = music.files.pathOf(music.files.get(ownerId, form.file.file_key));
      return quoteFor(music, plan, await measureSeconds(music, file, signal));
    },
  }),
];
