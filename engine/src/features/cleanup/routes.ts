/**
 * Document 3, "Noise reduction": POST /denoiser/denoise (multipart or form: file or url,
 * quality_mode) starts a `denoise` job; GET /denoiser/jobs/{job_id} reports it with signed
 * download URLs and the measured noise_reduction_db (docs/api/denoise.md). The path parameter is
 * named `denoise_job_id` here (same URL): it names a denoise job, not any job (scopes.md).
 */
import { z } from 'zod';
import { defineRoute } from '../../api/route.ts';
import type { Principal } from '../../api/principal.ts';
import { denoiseJobSchema, denoiseRequestSchema } from './denoise-schema.ts';

const TAG = 'denoise';

function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

/** The request's own origin (already checked by the host guard), for absolute download URLs. */
function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

export const denoiseRoutes = [
  defineRoute({
    method: 'post',
    path: '/denoiser/denoise',
    summary: 'Reduce the noise of a recording (file or url; quality_mode balanced or studio)',
    tag: TAG,
    auth: 'user',
    scope: 'denoise:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    body: denoiseRequestSchema,
    response: denoiseJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'payload_too_large',
      'unsupported_media_type',
      'insufficient_credits',
      'model_not_installed',
    ],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.cleanup.create(ownerOf(principal), { stream, headers, signal }, originOf(headers)),
  }),
  defineRoute({
    method: 'get',
    path: '/denoiser/jobs/{denoise_job_id}',
    summary: 'A noise reduction job: status, progress, download URLs, noise_reduction_db',
    tag: TAG,
    auth: 'user',
    scope: 'denoise:read',
    params: z.object({ denoise_job_id: z.coerce.number().int().positive() }),
    response: denoiseJobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal, headers }, { cleanup }) => {
      return cleanup.view(
        cleanup.job(ownerOf(principal), params.denoise_job_id),
        originOf(headers),
      );
    },
  }),
];
