/**
 * Projects (document 2, "Projects"). Thin: validation is the row's schemas, the work is
 * ProjectService's. Every project route checks ownership before reading the body, so another
 * user's project is 404 whatever is sent.
 */
import { defineRoute, type AuthorizeContext } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import type { Services } from '../../../services.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import {
  attestationSchema,
  costEstimateSchema,
  createProjectBody,
  dashboardSchema,
  getProjectQuery,
  projectListQuery,
  projectListSchema,
  projectSchema,
  updateProjectBody,
} from './project-schemas.ts';

export const TAG = 'audiobook';
export const READ = 'audiobook:read';
export const WRITE = 'audiobook:write';

export function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

/** The `authorize` hook of every route under /audiobook/projects/{project_id}. */
export function ownProject(
  ctx: AuthorizeContext<{ project_id: string }>,
  services: Services,
): void {
  services.books.projects.require(ownerOf(ctx.principal), ctx.params.project_id);
}

const BASE = '/audiobook/projects/{project_id}';

export const projectRoutes = [
  defineRoute({
    method: 'post',
    path: '/audiobook/projects',
    summary: 'Create an audiobook project',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    body: createProjectBody,
    response: projectSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'voice_not_found'],
    handler: ({ body, principal }, services) =>
      services.books.projects.create(ownerOf(principal), body),
  }),
  defineRoute({
    method: 'get',
    path: '/audiobook/projects',
    summary: 'List the caller’s projects (search matches title or author, case-insensitively)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    query: projectListQuery,
    response: projectListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, services) =>
      services.books.projects.list(ownerOf(principal), query),
  }),
  defineRoute({
    method: 'get',
    path: BASE,
    summary: 'One project; include_chapters=true adds its chapters',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    query: getProjectQuery,
    response: projectSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, query, principal }, services) =>
      services.books.projects.get(
        ownerOf(principal),
        params.project_id,
        query.include_chapters === true,
      ),
  }),
  defineRoute({
    method: 'put',
    path: BASE,
    summary: 'Change a project (multi_voice switches character voices, cast rules 2–4)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: updateProjectBody,
    response: projectSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'voice_not_found'],
    handler: ({ params, body, principal }, services) =>
      services.books.projects.update(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'delete',
    path: BASE,
    summary: 'Delete a project with its chapters, paragraphs, cast and settings',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) => {
      services.books.projects.delete(ownerOf(principal), params.project_id);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/rights-attestation`,
    summary: 'Attest the rights to narrate this book (once per book; needed before narration)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    response: attestationSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) =>
      services.books.projects.attestRights(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/cost-estimate`,
    summary: 'Estimated runtime and price of narrating the book (0.04 USD per minute)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: costEstimateSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) =>
      services.books.projects.costEstimate(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'get',
    path: '/audiobook/dashboard',
    summary: 'Totals over the caller’s projects',
    tag: TAG,
    auth: 'user',
    scope: READ,
    response: dashboardSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal }, services) => services.books.projects.dashboard(ownerOf(principal)),
  }),
];
