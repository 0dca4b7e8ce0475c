/**
 * Character voices (document 2, "Character voices (cast)"): the cast, speaker detection,
 * assign, alias, and screenplay annotation. All work only on projects the caller owns.
 */
import { defineRoute } from '../../../api/route.ts';
import {
  aliasBody,
  aliasResponse,
  annotateBody,
  annotateJobParams,
  annotateResponse,
  annotateStatusSchema,
  assignBody,
  assignResponse,
  castListSchema,
  detectEstimateResponse,
  detectJobParams,
  detectLinesQuery,
  detectLinesResponse,
  detectQuery,
  detectResponse,
  detectStatusSchema,
} from './cast-schemas.ts';
import {
  autoCastBody,
  autoCastJobParams,
  autoCastResponse,
  autoCastStatusSchema,
} from './auto-cast-schemas.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';
import { narratorVoiceView } from './narrator-voice.ts';

const BASE = '/audiobook/projects/{project_id}';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const castRoutes = [
  defineRoute({
    method: 'get',
    path: `${BASE}/cast`,
    summary: 'The cast: the narrator bucket first, then characters by line count',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: castListSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) => {
      const list = services.books.cast.list(ownerOf(principal), params.project_id);
      const project = services.books.cast.require(ownerOf(principal), params.project_id);
      return { ...list, narrator_voice: narratorVoiceView(services.books, project) };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/cast/detect`,
    summary:
      'Detect speakers: method=heuristic answers at once, method=llm starts a job (503 without a language model)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    query: detectQuery,
    response: detectResponse,
    errors: [...ERRORS, 'bad_request', 'conflict', 'service_unavailable', 'model_not_installed'],
    handler: ({ params, query, principal }, services) =>
      services.books.detection.detect(ownerOf(principal), params.project_id, query.method),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/cast/detect/{detect_job_id}/status`,
    summary: 'Status of a speaker detection job (PENDING, PROCESSING, COMPLETED, FAILED)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: detectJobParams,
    authorize: ownProject,
    response: detectStatusSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.detection.status(ownerOf(principal), params.project_id, params.detect_job_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/cast/detect/estimate`,
    summary: 'How long method=llm would take on this book with the language model (ours)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: detectEstimateResponse,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.detection.estimate(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/cast/detect/{detect_job_id}/lines`,
    summary: 'The quotations a method=llm job decided, least sure first, with a confidence (ours)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: detectJobParams,
    authorize: ownProject,
    query: detectLinesQuery,
    response: detectLinesResponse,
    errors: [...ERRORS],
    handler: ({ params, query, principal }, services) =>
      services.books.detection.lines(
        ownerOf(principal),
        params.project_id,
        params.detect_job_id,
        query,
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/cast/assign`,
    summary: 'Give a character (and its aliases) or the narrator a voice',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: assignBody,
    response: assignResponse,
    errors: [...ERRORS, 'voice_not_found'],
    handler: ({ params, body, principal }, services) =>
      services.books.cast.assign(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/cast/alias`,
    summary: 'Merge a name onto another speaker (alias_of null removes the alias)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: aliasBody,
    response: aliasResponse,
    errors: [...ERRORS, 'bad_request'],
    handler: ({ params, body, principal }, services) =>
      services.books.cast.alias(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/screenplay/annotate`,
    summary:
      'Split paragraphs into narration and dialogue lines with speakers and directions (a job; with the language model when one is set up)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: annotateBody,
    response: annotateResponse,
    status: 202,
    errors: [...ERRORS, 'empty_selection', 'bad_request', 'conflict', 'service_unavailable'],
    handler: ({ params, body, principal }, services) =>
      services.books.screenplay.start(ownerOf(principal), params.project_id, body.chapter_ids),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/screenplay/annotate/{annotate_job_id}/status`,
    summary: 'Status of a screenplay annotation job',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: annotateJobParams,
    authorize: ownProject,
    response: annotateStatusSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.screenplay.status(
        ownerOf(principal),
        params.project_id,
        params.annotate_job_id,
      ),
  }),
];

/** cast/auto (document 2: "designs a new voice per character; prepaid"). */
export const autoCastRoutes = [
  defineRoute({
    method: 'post',
    path: `${BASE}/cast/auto`,
    summary:
      'Auto-cast: design a voice per character from its gender and age hints (a prepaid job)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: autoCastBody,
    response: autoCastResponse,
    status: 202,
    errors: [...ERRORS, 'bad_request', 'conflict', 'insufficient_credits'],
    handler: ({ params, body, principal }, services) =>
      services.books.autoCast.start(ownerOf(principal), params.project_id, body.character_names),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/cast/auto/{auto_cast_job_id}/status`,
    summary: 'Status of an auto-cast job',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: autoCastJobParams,
    authorize: ownProject,
    response: autoCastStatusSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.autoCast.status(
        ownerOf(principal),
        params.project_id,
        params.auto_cast_job_id,
      ),
  }),
];
