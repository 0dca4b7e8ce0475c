/**
 * Manuscripts (document 2, "Manuscript"): upload, parse, append, paste, generate.
 */
import { defineRoute } from '../../../api/route.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { ownerOf, ownProject, TAG, WRITE } from '../projects/project-routes.ts';
import {
  appendBody,
  generateBody,
  importResponse,
  parseBody,
  parseResponse,
  pasteBody,
  uploadFieldsDoc,
  uploadResponse,
} from '../projects/project-schemas.ts';

const BASE = '/audiobook/projects/{project_id}/manuscript';

export const manuscriptRoutes = [
  defineRoute({
    method: 'post',
    path: `${BASE}/upload`,
    summary:
      'Upload a manuscript (multipart: file = PDF, EPUB, DOCX or TXT; multi_voice); answers its file_key',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: uploadFieldsDoc,
    response: uploadResponse,
    status: 201,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'bad_request',
      'unsupported_media',
      'payload_too_large',
      'unsupported_media_type',
    ],
    handler: ({ params, principal, stream, headers, signal }, services) =>
      services.books.manuscripts.upload(ownerOf(principal), params.project_id, {
        stream,
        headers,
        signal,
      }),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/parse`,
    summary: 'Parse an uploaded manuscript into chapters and paragraphs (a job)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    bodyKind: 'fields',
    body: parseBody,
    response: parseResponse,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'unsupported_media',
      'payload_too_large',
      'conflict',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.manuscripts.startParse(
        ownerOf(principal),
        params.project_id,
        body,
        principal,
        false,
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/append`,
    summary: 'Add another manuscript’s chapters after the book’s (a job; a failure keeps the book)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    bodyKind: 'fields',
    body: appendBody,
    response: parseResponse,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'unsupported_media',
      'payload_too_large',
      'conflict',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.manuscripts.startParse(
        ownerOf(principal),
        params.project_id,
        body,
        principal,
        true,
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/paste`,
    summary: 'Make the book from pasted text (chapters detected from its headings)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: pasteBody,
    response: importResponse,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'unsupported_media',
      'payload_too_large',
      'conflict',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.manuscripts.paste(ownerOf(principal), params.project_id, body, principal),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/generate`,
    summary:
      'Write the book from a prompt with the language model (503 naming the pack without one)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: generateBody,
    response: importResponse,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'conflict',
      'service_unavailable',
      'model_not_installed',
    ],
    handler: ({ params, body, principal, signal }, services) =>
      services.books.manuscripts.generate(
        ownerOf(principal),
        params.project_id,
        body,
        principal,
        signal,
      ),
  }),
];
