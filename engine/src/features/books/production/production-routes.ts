/**
 * Pronunciation dictionary, production settings and media uploads (document 2, "Pronunciation
 * dictionary, production, export"; bodies in docs/api/audiobook.md).
 */
import { defineRoute } from '../../../api/route.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import {
  createPronunciationBody,
  mediaSchema,
  mediaUploadDoc,
  productionSettingsSchema,
  pronunciationListSchema,
  pronunciationParams,
  pronunciationSchema,
  updateProductionSettingsBody,
  updatePronunciationBody,
} from './production-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';

const BASE = '/audiobook/projects/{project_id}';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const productionRoutes = [
  defineRoute({
    method: 'get',
    path: `${BASE}/pronunciations`,
    summary: 'The book’s pronunciation dictionary',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: pronunciationListSchema,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.production.listPronunciations(ownerOf(principal), params.project_id),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/pronunciations`,
    summary: 'Add a pronunciation: a word (grapheme) → a respelling or IPA',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: createPronunciationBody,
    response: pronunciationSchema,
    status: 201,
    errors: [...ERRORS, 'conflict', 'bad_request'],
    handler: ({ params, body, principal }, services) =>
      services.books.production.createPronunciation(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/pronunciations/{pronunciation_id}`,
    summary: 'Change a pronunciation',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: pronunciationParams,
    authorize: ownProject,
    body: updatePronunciationBody,
    response: pronunciationSchema,
    errors: [...ERRORS, 'conflict'],
    handler: ({ params, body, principal }, services) =>
      services.books.production.updatePronunciation(
        ownerOf(principal),
        params.project_id,
        params.pronunciation_id,
        body,
      ),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/pronunciations/{pronunciation_id}`,
    summary: 'Delete a pronunciation',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: pronunciationParams,
    authorize: ownProject,
    status: 204,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) => {
      services.books.production.deletePronunciation(
        ownerOf(principal),
        params.project_id,
        params.pronunciation_id,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/production-settings`,
    summary: 'Opening and closing announcements, music and cover of the book',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: projectIdParams,
    authorize: ownProject,
    response: productionSettingsSchema,
    errors: [...ERRORS],
    handler: ({ params, principal, headers }, services) =>
      services.books.production.settings(
        ownerOf(principal),
        params.project_id,
        headers.host ?? '127.0.0.1',
      ),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/production-settings`,
    summary: 'Change the production settings (media ids from POST .../media/upload)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: updateProductionSettingsBody,
    response: productionSettingsSchema,
    errors: [...ERRORS],
    handler: ({ params, body, principal, headers }, services) =>
      services.books.production.updateSettings(
        ownerOf(principal),
        params.project_id,
        body,
        headers.host ?? '127.0.0.1',
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/media/upload`,
    summary: 'Upload a cover image or a piece of music (multipart: file, kind)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: mediaUploadDoc,
    response: mediaSchema,
    status: 201,
    errors: [
      ...ERRORS,
      'bad_request',
      'unsupported_media',
      'invalid_audio',
      'acx_noncompliant',
      'payload_too_large',
      'unsupported_media_type',
    ],
    handler: ({ params, principal, stream, headers, signal }, services) =>
      services.books.production.uploadMedia(ownerOf(principal), params.project_id, {
        stream,
        headers,
        signal,
      }),
  }),
];
