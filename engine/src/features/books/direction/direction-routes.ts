/**
 * Auto Direction (document 2, "Direction"): start a run, its latest run, a run's status. All
 * work only on projects the caller owns; free.
 */
import { defineRoute } from '../../../api/route.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';
import {
  directionBody,
  directionJobParams,
  directionStartResponse,
  directionStatusSchema,
} from './direction-schemas.ts';

const BASE = '/audiobook/projects/{project_id}/direction/auto';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const directionRoutes = [
  defineRoute({
    method: 'post',
    path: BASE,
    summary:
      'Auto Direction: a book brief, then a performance note and an emotion per paragraph (a free job)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: directionBody,
    response: directionStartResponse,
    status: 202,
    errors: [
      ...ERRORS,
      'empty_selection',
      'bad_request',
      'conflict',
      'model_not_installed',
      'service_unavailable',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.direction.start(
        ownerOf(principal),
        params.project_id,
        body.chapter_ids,
        body.method,
      ),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/latest`,
    summary: 'The book’s latest Auto Direction run (404 when none ran)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: directionStatusSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.direction.latest(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/{direction_job_id}/status`,
    summary: 'Status of an Auto Direction run',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: directionJobParams,
    authorize: ownProject,
    response: directionStatusSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.direction.status(
        ownerOf(principal),
        params.project_id,
        params.direction_job_id,
      ),
  }),
];
