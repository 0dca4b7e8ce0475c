/**
 * Voice routes (document 3, "Voices"; document 2, "Voices"; docs/api/voices.md): the catalog
 * and the caller's custom voices, a voice's status, previews, and the audiobook's
 * voices-by-language views. Creating voices lives in features/voices/custom and design/.
 */
import { defineRoute } from '../../../api/route.ts';
import {
  availableQuery,
  availableVoicesSchema,
  languagesSchema,
  previewParams,
  previewQuery,
  previewSchema,
  publicVoicesSchema,
  voiceIdParams,
  voiceListQuery,
  voiceListSchema,
  voiceStatusSchema,
} from './voice-schemas.ts';

const READ = 'voices:read';
const TAG = 'voices';
const ERRORS = ['unauthorized', 'forbidden', 'validation_error'] as const;

/** The request's own origin (already checked by the host guard), for absolute preview URLs. */
function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

export const voiceRoutes = [
  defineRoute({
    method: 'get',
    path: '/voice/voice-profiles',
    summary: 'The voice catalog (STANDARD voices of the embedded engine and installed packs)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    query: voiceListQuery,
    response: voiceListSchema,
    errors: [...ERRORS],
    handler: ({ query, principal }, services) =>
      services.voices.library.list(query, principal?.userId ?? ''),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/public-voice-profiles',
    summary: 'Slugs of every voice the caller may use',
    tag: TAG,
    auth: 'user',
    scope: READ,
    response: publicVoicesSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal }, services) =>
      services.voices.library.publicSlugs(principal?.userId ?? ''),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/voices/{voice_id}/status',
    summary: 'A voice’s details and status',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: voiceIdParams,
    response: voiceStatusSchema,
    errors: [...ERRORS, 'voice_not_found'],
    handler: ({ params, principal }, services) =>
      services.voices.library.status(params.voice_id, principal?.userId ?? ''),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/voice-profiles/{voice_identifier}/preview',
    summary: 'A short sample of a voice (generated once, cached), behind a signed URL',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: previewParams,
    query: previewQuery,
    response: previewSchema,
    errors: [
      ...ERRORS,
      'voice_not_found',
      'not_found',
      'ffmpeg_unavailable',
      'model_not_installed',
    ],
    handler: ({ params, query, headers, principal }, services) =>
      services.voices.library.preview(
        params.voice_identifier,
        query,
        originOf(headers),
        principal?.userId ?? '',
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/audiobook/voices/available',
    summary: 'Voices suited to a locale (own language first), including the caller’s cloned voices',
    tag: 'audiobook',
    auth: 'user',
    scope: 'audiobook:read',
    query: availableQuery,
    response: availableVoicesSchema,
    errors: [...ERRORS],
    handler: ({ query, principal }, services) =>
      services.voices.library.available(
        query.language,
        query.include_variants ?? false,
        principal?.userId ?? '',
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/audiobook/voices/languages',
    summary: 'The languages the catalog’s voices speak, with voice counts',
    tag: 'audiobook',
    auth: 'user',
    scope: 'audiobook:read',
    response: languagesSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: (_ctx, services) => services.voices.library.languages(),
  }),
];
