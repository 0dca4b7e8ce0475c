/**
 * Narration routes (document 2, "Narration"; docs/api/narration.md): batch, single-paragraph
 * narrate, progress, cancel, and the take history (ours: list, pick the active take, audio).
 */
import { FileReply } from '../../../api/reply.ts';
import { defineRoute } from '../../../api/route.ts';
import { paragraphParams, projectIdParams } from '../chapters/chapter-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';
import {
  activateResponse,
  batchBody,
  batchResponse,
  cancelResponse,
  narrateBody,
  narrateResponse,
  progressSchema,
  takeListSchema,
  takeParams,
} from './narration-schemas.ts';

const BASE = '/audiobook/projects/{project_id}';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const narrationRoutes = [
  defineRoute({
    method: 'post',
    path: `${BASE}/narration/batch`,
    summary: 'Narrate chapters or paragraphs (`{}` narrates the whole book) as one job',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: batchBody,
    response: batchResponse,
    status: 202,
    errors: [
      ...ERRORS,
      'RIGHTS_NOT_ATTESTED',
      'empty_selection',
      'voice_not_found',
      'conflict',
      'insufficient_credits',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.narration.batch(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/paragraphs/{paragraph_id}/narrate`,
    summary: 'Narrate one paragraph into a new take, with optional overrides for this take',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: paragraphParams,
    authorize: ownProject,
    body: narrateBody,
    response: narrateResponse,
    status: 202,
    errors: [
      ...ERRORS,
      'RIGHTS_NOT_ATTESTED',
      'voice_not_found',
      'conflict',
      'insufficient_credits',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.narration.narrateOne(
        ownerOf(principal),
        params.project_id,
        params.paragraph_id,
        body ?? {},
      ),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/narration/progress`,
    summary: 'Narration progress of the book: counts by status, per chapter, ETA',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: progressSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.narration.progress(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/narration/cancel`,
    summary: 'Cancel the book’s narration: finished takes are kept, held credits released',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    response: cancelResponse,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.narration.cancel(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/paragraphs/{paragraph_id}/takes`,
    summary: 'Every take of a paragraph, oldest first, with signed audio URLs and timings',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: paragraphParams,
    authorize: ownProject,
    response: takeListSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.takes.list(ownerOf(principal), params.project_id, params.paragraph_id),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/paragraphs/{paragraph_id}/takes/{take_id}/activate`,
    summary: 'Make a take the paragraph’s active audio',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: takeParams,
    authorize: ownProject,
    response: activateResponse,
    errors: [...ERRORS, 'conflict'],
    handler: ({ params, principal }, services) =>
      services.books.takes.activate(
        ownerOf(principal),
        params.project_id,
        params.paragraph_id,
        params.take_id,
      ),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/paragraphs/{paragraph_id}/takes/{take_id}/audio`,
    summary: 'A take’s audio (FLAC)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: takeParams,
    authorize: ownProject,
    produces: 'file',
    errors: [...ERRORS],
    handler: ({ params, principal }, services) => {
      const file = services.books.takes.audio(
        ownerOf(principal),
        params.project_id,
        params.paragraph_id,
        params.take_id,
      );
      return new FileReply(file.path, 'audio/flac', file.name);
    },
  }),
];
