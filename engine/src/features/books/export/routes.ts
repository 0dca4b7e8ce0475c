/**
 * Export routes (document 2, "Pronunciation dictionary, production, export"; issue 7;
 * docs/api/export.md): start an ACX export job, its status with per-chapter progress and the
 * per-file report, the signed download of the ZIP; and "check my files" / "master my files"
 * for audio made elsewhere.
 */
import { defineRoute } from '../../../api/route.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { ownerOf, ownProject, READ, TAG, WRITE } from '../projects/project-routes.ts';
import {
  checkReport,
  checkUploadDoc,
  exportBody,
  exportDownload,
  exportJobParams,
  exportStarted,
  exportStatus,
  masterStarted,
} from './export-schemas.ts';

const BASE = '/audiobook/projects/{project_id}';
const ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const;

export const exportRoutes = [
  defineRoute({
    method: 'post',
    path: `${BASE}/export`,
    summary:
      'Export the narrated book as an ACX package (job; per-chapter MP3s, credits, sample, ZIP)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: projectIdParams,
    authorize: ownProject,
    body: exportBody,
    response: exportStarted,
    status: 202,
    errors: [
      ...ERRORS,
      'conflict',
      'export_not_ready',
      'acx_noncompliant',
      'insufficient_credits',
      'voice_not_found',
    ],
    handler: ({ params, body, principal }, services) =>
      services.books.exports.start(ownerOf(principal), params.project_id, body),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/export/{export_job_id}/status`,
    summary: 'Export progress per chapter and the per-file ACX report',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: exportJobParams,
    authorize: ownProject,
    response: exportStatus,
    errors: [...ERRORS],
    handler: ({ params, principal }, services) =>
      services.books.exports.status(ownerOf(principal), params.project_id, params.export_job_id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/export/{export_job_id}/download`,
    summary: 'A signed, expiring URL of the finished package (ZIP)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    params: exportJobParams,
    authorize: ownProject,
    response: exportDownload,
    errors: [...ERRORS, 'gone'],
    handler: ({ params, principal, headers }, services) =>
      services.books.exports.download(
        ownerOf(principal),
        params.project_id,
        params.export_job_id,
        `http://${headers.host ?? '127.0.0.1'}/api/v1`.replace(/\/api\/v1$/, ''),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/audiobook/acx/check',
    summary:
      'Check my files: the ACX report of uploaded audio (multipart, field `files`, repeated)',
    tag: TAG,
    auth: 'user',
    scope: READ,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: checkUploadDoc,
    response: checkReport,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'unsupported_media_type',
      'payload_too_large',
    ],
    handler: ({ stream, headers, signal }, services) =>
      services.books.exports.check({ stream, headers, signal }),
  }),
  defineRoute({
    method: 'post',
    path: '/audiobook/acx/master',
    summary: 'Master my files to the ACX spec (job; one MP3 per uploaded file with its report)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: checkUploadDoc,
    response: masterStarted,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'unsupported_media',
      'unsupported_media_type',
      'payload_too_large',
      'acx_noncompliant',
      'insufficient_credits',
    ],
    handler: ({ principal, stream, headers, signal }, services) =>
      services.books.exports.master(ownerOf(principal), { stream, headers, signal }),
  }),
];
