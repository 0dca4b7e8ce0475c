/**
 * Text translation routes (ours: the contract has a `translation` credit cost but no text route;
 * docs/api/translation.md). The speech-translation routes of document 3 come later.
 */
import { defineRoute } from '../../api/route.ts';
import type { Principal } from '../../api/principal.ts';
import { languagesView } from './translation-languages.ts';
import {
  languagesQuery,
  languagesSchema,
  textJobListQuery,
  textJobListSchema,
  textJobParams,
  textJobSchema,
  translateJobBody,
  translateTextBody,
  translationResultSchema,
} from './translation-schemas.ts';

function owner(principal: Principal | null): string {
  return principal?.userId ?? '';
}

const CREATE_ERRORS = [
  'unauthorized',
  'forbidden',
  'validation_error',
  'bad_request',
  'payload_too_large',
  'insufficient_credits',
  'model_not_installed',
] as const;

export const translationRoutes = [
  defineRoute({
    method: 'post',
    path: '/translation/text',
    summary: 'Translate text now (up to 10,000 characters; needs a translation pack)',
    tag: 'translation',
    auth: 'user',
    scope: 'translation:write',
    body: translateTextBody,
    response: translationResultSchema,
    errors: [...CREATE_ERRORS, 'internal_error'],
    handler: ({ principal, body, signal }, services) =>
      services.translation.text.translateNow(owner(principal), body, signal),
  }),
  defineRoute({
    method: 'post',
    path: '/translation/text/jobs',
    summary: 'Translate a long text or a transcript as a job (progress, cancel)',
    tag: 'translation',
    auth: 'user',
    scope: 'translation:write',
    body: translateJobBody,
    response: textJobSchema,
    status: 202,
    errors: [...CREATE_ERRORS, 'not_found', 'conflict'],
    handler: ({ principal, body }, services) =>
      services.translation.text.createJob(owner(principal), body),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/text/jobs/{text_translation_job_id}',
    summary: 'A text translation job: status, progress, the translation when done',
    tag: 'translation',
    auth: 'user',
    scope: 'translation:read',
    params: textJobParams,
    authorize: ({ params, principal }, services) => {
      services.translation.text.job(owner(principal), params.text_translation_job_id);
    },
    response: textJobSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ params, principal }, services) =>
      services.translation.text.view(
        services.translation.text.job(owner(principal), params.text_translation_job_id),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/text/jobs',
    summary: 'Your text translation jobs, newest first',
    tag: 'translation',
    auth: 'user',
    scope: 'translation:read',
    query: textJobListQuery,
    response: textJobListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ principal, query }, services) =>
      services.translation.text.list(owner(principal), query),
  }),
  defineRoute({
    method: 'get',
    path: '/translation/text/languages',
    summary: 'Languages, translation packs, and the engine chosen for a pair',
    tag: 'translation',
    auth: 'user',
    scope: 'translation:read',
    query: languagesQuery,
    response: languagesSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query }, services) => languagesView(services.models, query),
  }),
];
