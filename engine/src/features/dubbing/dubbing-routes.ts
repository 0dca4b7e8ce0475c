/**
 * Speech translation routes (document 3, "Speech translation": the list, get, retry and delete
 * routes are the contract's; the creation route's path, `POST /translation/translations`, and
 * the languages, transcript and line-edit routes are ours; docs/api/speech-translation.md). The
 * path parameter is named `translation_job_id` (the contract's `{job_id}` URL) because it names a
 * translation, not any job (scopes.md).
 */
import { defineRoute } from '../../api/route.ts';
import type { Principal } from '../../api/principal.ts';
import type { Services } from '../../services.ts';
import {
  createTranslationBody,
  editLineBody,
  languagesQuery,
  languagesSchema,
  listQuery,
  segmentParams,
  transcriptSchema,
  translationJobSchema,
  translationListSchema,
  translationParams,
} from './dubbing-schemas.ts';

const TAG = 'speech-translation';

function owner(principal: Principal | null): string {
  return principal?.userId ?? '';
}

/** The request's own origin (already checked by the host guard), for absolute download URLs. */
function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });

/** Another user's translation answers 404 before its body or query is read (api/route.ts). */
const ownTranslation = (
  { params, principal }: { params: { translation_job_id: number }; principal: Principal | null },
  services: Services,
): void => {
  services.dubbing.translations.get(owner(principal), params.translation_job_id);
};

export const dubbingRoutes = [
  defineRoute({
    method: 'post',
    path: '/translation/translations',
    summary:
      'Translate the speech of a recording (file or url) into another language, in each speaker’s voice',
    tag: TAG,
    auth: 'user',
    scope: 'translation:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    body: createTranslationBody,
    response: translationJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'invalid_audio',
      'payload_too_large',
      'unsupported_media_type',
      'insufficient_credits',
    ],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.dubbing.translations.create(
        owner(principal),
        { stream, headers, signal },
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/translations',
    summary: 'Your speech translations, newest first (skip, limit)',
    tag: TAG,
    auth: 'user',
    scope: 'translation:read',
    query: listQuery,
    response: translationListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ principal, query, headers }, services) =>
      services.dubbing.translations.list(
        owner(principal),
        query.skip,
        query.limit,
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/translations/{translation_job_id}',
    summary: 'A speech translation: status, stages, download URLs, speakers and voices',
    tag: TAG,
    auth: 'user',
    scope: 'translation:read',
    rateLimit: perMinute(60),
    params: translationParams,
    authorize: ownTranslation,
    response: translationJobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ principal, params, headers }, { dubbing }) =>
      dubbing.translations.view(
        dubbing.translations.get(owner(principal), params.translation_job_id),
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/translation/translations/{translation_job_id}/retry',
    summary: 'Retry a failed speech translation from its last finished stage',
    tag: TAG,
    auth: 'user',
    scope: 'translation:write',
    rateLimit: perMinute(30),
    params: translationParams,
    authorize: ownTranslation,
    response: translationJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'conflict',
      'insufficient_credits',
      'rate_limit_exceeded',
    ],
    handler: ({ principal, params, headers }, { dubbing }) =>
      dubbing.translations.retry(owner(principal), params.translation_job_id, originOf(headers)),
  }),
  defineRoute({
    method: 'delete',
    path: '/translation/translations/{translation_job_id}',
    summary: 'Delete a speech translation and its files (a running one is cancelled)',
    tag: TAG,
    auth: 'user',
    scope: 'translation:write',
    rateLimit: perMinute(30),
    params: translationParams,
    authorize: ownTranslation,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ principal, params }, { dubbing }) => {
      dubbing.translations.delete(owner(principal), params.translation_job_id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/translation/translations/{translation_job_id}/transcript',
    summary:
      'A speech translation’s transcript: each line’s speaker, times, source text and translation',
    tag: TAG,
    auth: 'user',
    scope: 'translation:read',
    params: translationParams,
    authorize: ownTranslation,
    response: transcriptSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'conflict'],
    handler: ({ principal, params }, { dubbing }) =>
      dubbing.translations.transcript(owner(principal), params.translation_job_id),
  }),
  defineRoute({
    method: 'patch',
    path: '/translation/translations/{translation_job_id}/segments/{segment_id}',
    summary: 'Change one line’s translation; only that line is spoken again and the dub re-mixed',
    tag: TAG,
    auth: 'user',
    scope: 'translation:write',
    params: segmentParams,
    authorize: ownTranslation,
    body: editLineBody,
    response: translationJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'conflict',
      'insufficient_credits',
    ],
    handler: ({ principal, params, body, headers }, { dubbing }) =>
      dubbing.translations.edit(
        owner(principal),
        params.translation_job_id,
        params.segment_id,
        body.translation,
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/languages',
    summary:
      'The 21 speech-translation languages and what this machine can do with each (and a pair)',
    tag: TAG,
    auth: 'user',
    scope: 'translation:read',
    query: languagesQuery,
    response: languagesSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query }, { dubbing }) => dubbing.languages(query),
  }),
];
