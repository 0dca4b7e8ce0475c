/**
 * Custom-voice routes (document 3, "Voices"; docs/api/voices-custom.md): the contract's create
 * routes (one sample, several, instant clone) and the ones it leaves unshown — a custom voice's
 * details, rename/share, delete — plus the studio's live sample meter. Uploads are multipart,
 * read as a stream by the service.
 */
import { defineRoute } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import {
  analyzeUpload,
  createdVoiceSchema,
  customVoiceParams,
  customVoicePatch,
  deletedVoiceSchema,
  liveReportSchema,
  multiSampleUpload,
  voiceCloneUpload,
  voiceProfileUpload,
} from './custom-schemas.ts';

const TAG = 'voices';
const UPLOAD_ERRORS = [
  'unauthorized',
  'forbidden',
  'validation_error',
  'bad_request',
  'invalid_audio',
  'unsupported_media',
  'payload_too_large',
  'unsupported_media_type',
  'insufficient_credits',
  'model_not_installed',
  'ffmpeg_unavailable',
] as const;

function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

export const customVoiceRoutes = [
  defineRoute({
    method: 'post',
    path: '/voice/voice-profiles',
    summary: 'Create a custom voice from one sample (10–60 s); PROCESSING until its job ends',
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: voiceProfileUpload,
    response: createdVoiceSchema,
    status: 201,
    errors: [...UPLOAD_ERRORS],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.voices.custom.createFromSample(ownerOf(principal), { stream, headers, signal }),
  }),
  defineRoute({
    method: 'post',
    path: '/voice/voice-profiles/multi-sample',
    summary: 'Create a custom voice from 2–5 samples, with a quality report',
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: multiSampleUpload,
    response: createdVoiceSchema,
    status: 201,
    errors: [...UPLOAD_ERRORS],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.voices.custom.createFromSamples(ownerOf(principal), { stream, headers, signal }),
  }),
  defineRoute({
    method: 'post',
    path: '/voice/voice-clone',
    summary: 'Clone a voice from a 5–30 s clip, usable at once',
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: voiceCloneUpload,
    response: createdVoiceSchema,
    status: 201,
    errors: [...UPLOAD_ERRORS],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.voices.custom.cloneInstantly(ownerOf(principal), { stream, headers, signal }),
  }),
  defineRoute({
    method: 'post',
    path: '/voice/samples/analyze',
    summary: 'Measure a recording as the voice routes would (live quality meter; free)',
    tag: TAG,
    auth: 'user',
    scope: 'voices:read',
    rateLimit: { limit: 120, windowSeconds: 60 },
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: analyzeUpload,
    response: liveReportSchema,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'invalid_audio',
      'unsupported_media',
      'payload_too_large',
      'unsupported_media_type',
      'model_not_installed',
      'ffmpeg_unavailable',
      'rate_limit_exceeded',
    ],
    handler: ({ stream, headers, signal }, services) =>
      services.voices.custom.analyzeLive({ stream, headers, signal }),
  }),
  defineRoute({
    method: 'get',
    path: '/voice/voice-profiles/{custom_voice_id}',
    summary: 'A custom voice with its status and quality report (own or public)',
    tag: TAG,
    auth: 'user',
    scope: 'voices:read',
    params: customVoiceParams,
    authorize: ({ params, principal }, services) => {
      services.voices.custom.visible(ownerOf(principal), params.custom_voice_id);
    },
    response: createdVoiceSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ params, principal }, services) =>
      services.voices.custom.detail(ownerOf(principal), params.custom_voice_id),
  }),
  defineRoute({
    method: 'patch',
    path: '/voice/voice-profiles/{custom_voice_id}',
    summary: 'Rename, describe or share one of your custom voices',
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    params: customVoiceParams,
    authorize: ({ params, principal }, services) => {
      services.voices.custom.own(ownerOf(principal), params.custom_voice_id);
    },
    body: customVoicePatch,
    bodyKind: 'json',
    response: createdVoiceSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ params, principal, body }, services) =>
      services.voices.custom.update(ownerOf(principal), params.custom_voice_id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/voice/voice-profiles/{custom_voice_id}',
    summary: 'Delete one of your custom voices and its files',
    tag: TAG,
    auth: 'user',
    scope: 'voices:write',
    params: customVoiceParams,
    authorize: ({ params, principal }, services) => {
      services.voices.custom.own(ownerOf(principal), params.custom_voice_id);
    },
    response: deletedVoiceSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ params, principal }, services) =>
      services.voices.custom.delete(ownerOf(principal), params.custom_voice_id),
  }),
];
