/**
 * Chapters and paragraphs (document 2, "Chapters and paragraphs").
 */
import { defineRoute } from '../../../api/route.ts';
import {
  chapterDetailSchema,
  chapterListQuery,
  chapterListSchema,
  chapterParams,
  paragraphListQuery,
  paragraphListSchema,
  paragraphParams,
  paragraphSchema,
  projectIdParams,
  retryFailedResponse,
  updateChapterBody,
  updateParagraphBody,
} from './chapter-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';

const BASE = '/audiobook/projects/{project_id}';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const chapterRoutes = [
  defineRoute({
    method: 'get',
    path: `${BASE}/chapters`,
    summary: 'The book’s chapters by chapter_number (page, per_page 1–500, default 50)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    query: chapterListQuery,
    response: chapterListSchema,
    errors: [...ERRORS],
    handler: ({ params, query, principal }, services) =>
      services.books.chapters.list(
        ownerOf(principal),
        params.project_id,
        query.page,
        query.per_page,
      ),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/chapters/{chapter_id}`,
    summary: 'One chapter with its text',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: chapterParams,
    authorize: ownProject,
    response: chapterDetailSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.chapters.get(ownerOf(principal), params.project_id, params.chapter_id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/chapters/{chapter_id}`,
    summary: 'Change a chapter: title, skip_narration, voice_id, narration_notes',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: chapterParams,
    authorize: ownProject,
    body: updateChapterBody,
    response: chapterDetailSchema,
    errors: [...ERRORS, 'voice_not_found'],
    handler: ({ params, body, principal }, services) =>
      services.books.chapters.update(
        ownerOf(principal),
        params.project_id,
        params.chapter_id,
        body,
      ),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/chapters/{chapter_id}`,
    summary: 'Delete a chapter and its paragraphs (409 while a line is locked or being narrated)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: chapterParams,
    authorize: ownProject,
    status: 204,
    errors: [...ERRORS, 'conflict'],
    handler: ({ params, principal }, services) => {
      services.books.chapters.delete(ownerOf(principal), params.project_id, params.chapter_id);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/chapters/{chapter_id}/paragraphs`,
    summary:
      'A chapter’s paragraphs by position; without page and per_page all of them in one answer',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: chapterParams,
    authorize: ownProject,
    query: paragraphListQuery,
    response: paragraphListSchema,
    errors: [...ERRORS],
    handler: ({ params, query, principal }, services) =>
      services.books.chapters.paragraphs(
        ownerOf(principal),
        params.project_id,
        params.chapter_id,
        query,
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/chapters/{chapter_id}/retry-failed-paragraphs`,
    summary: 'Put the chapter’s failed paragraphs back in line for narration (a job)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: chapterParams,
    authorize: ownProject,
    response: retryFailedResponse,
    status: 202,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.chapters.retryFailed(ownerOf(principal), params.project_id, params.chapter_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/paragraphs/{paragraph_id}`,
    summary: 'One paragraph',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: paragraphParams,
    authorize: ownProject,
    response: paragraphSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.chapters.paragraph(ownerOf(principal), params.project_id, params.paragraph_id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/paragraphs/{paragraph_id}`,
    summary:
      'Change a paragraph: text, voice_id (null releases), character_name, direction, locked, skip_narration (409 when locked)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: paragraphParams,
    authorize: ownProject,
    body: updateParagraphBody,
    response: paragraphSchema,
    errors: [...ERRORS, 'conflict', 'voice_not_found'],
    handler: ({ params, body, principal }, services) =>
      services.books.chapters.updateParagraph(
        ownerOf(principal),
        params.project_id,
        params.paragraph_id,
        body,
      ),
  }),
];
