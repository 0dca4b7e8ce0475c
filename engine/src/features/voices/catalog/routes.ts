/**
 * Voice routes (document 3, "Voices"; document 2, "Voices"; docs/api/voices.md): the catalog,
 * a voice's status, previews, and the audiobook's voices-by-language views. Creating voices
 * (upload, multi-sample, clone, design) needs a voice-cloning model this build does not have:
 * those routes answer 503 `model_not_installed` with the reason instead of a fake voice.
 */
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
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

const CLONING_UNAVAILABLE =
  'Creating custom voices needs a voice-cloning model, which is not available for this engine yet. Use a standard voice (GET /voice/voice-profiles) or install a neural voice pack (npm run models -- list).';

function cloningRoute(path: string, summary: string) {
  return defineRoute({
    method: 'post',
    path,
    summary,
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    bodyKind: 'raw',
    errors: ['unauthorized', 'forbidden', 'model_not_installed'],
    handler: () => {
      throw new AppError('model_not_installed', CLONING_UNAVAILABLE, {
        details: { capability: 'voice_cloning' },
      });
    },
  });
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
    handler: ({ query }, services) => services.voices.library.list(query),
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
    handler: (_ctx, services) => services.voices.library.publicSlugs(),
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
    handler: ({ params }, services) => services.voices.library.status(params.voice_id),
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
    handler: ({ params, query, headers }, services) =>
      services.voices.library.preview(params.voice_identifier, query, originOf(headers)),
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
    handler: ({ query }, services) =>
      services.voices.library.available(query.language, query.include_variants ?? false),
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
  cloningRoute(
    '/voice/voice-profiles',
    'Create a custom voice from a sample (needs a cloning model: 503)',
  ),
  cloningRoute(
    '/voice/voice-profiles/multi-sample',
    'Create a custom voice from several samples (503)',
  ),
  cloningRoute('/voice/voice-clone', 'Instant voice clone (needs a cloning model: 503)'),
  cloningRoute('/voice/design', 'Design a voice from a prompt (needs a voice-design model: 503)'),
  cloningRoute('/voice/design/publish', 'Publish a designed voice (503: no voice design here)'),
];
