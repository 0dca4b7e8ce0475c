/**
 * Voice conversion routes (document 3, "Voices": POST /voice/voice-convert, GET
 * /voice/convert/{conversion_id}/status, GET /voice/convert/jobs; docs/api/voices-custom.md).
 */
import { defineRoute } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import {
  conversionJobSchema,
  conversionListQuery,
  conversionListSchema,
  conversionParams,
  conversionStatusSchema,
  conversionUpload,
} from './conversion-schemas.ts';

function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

export const conversionRoutes = [
  defineRoute({
    method: 'post',
    path: '/voice/voice-convert',
    summary: 'Re-voice a speech recording to a custom voice (needs a conversion pack)',
    tag: 'voices',
    auth: 'user',
    scope: 'voices:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: conversionUpload,
    response: conversionJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'invalid_audio',
      'unsupported_media',
      'payload_too_large',
      'unsupported_media_type',
      'voice_not_found',
      'insufficient_credits',
      'model_not_installed',
      'ffmpeg_unavailable',
    ],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.voices.conversion.create(ownerOf(principal), { stream, headers, signal }),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/convert/{conversion_id}/status',
    summary: 'A conversion job: status, progress, the result’s signed URL',
    tag: 'voices',
    auth: 'user',
    scope: 'voices:read',
    params: conversionParams,
    authorize: ({ params, principal }, services) => {
      services.voices.conversion.job(ownerOf(principal), params.conversion_id);
    },
    response: conversionStatusSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ params, principal, headers }, services) =>
      services.voices.conversion.status(
        services.voices.conversion.job(ownerOf(principal), params.conversion_id),
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/convert/jobs',
    summary: 'Your conversion jobs, newest first',
    tag: 'voices',
    auth: 'user',
    scope: 'voices:read',
    query: conversionListQuery,
    response: conversionListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ principal, query }, services) =>
      services.voices.conversion.list(ownerOf(principal), query),
  }),
];
