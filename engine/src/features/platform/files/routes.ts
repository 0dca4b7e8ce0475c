/**
 * Native upload routes (docs/api/files.md). The body is the file itself (streamed to disk, never
 * buffered), so a one-hour WAV uploads in constant memory; the answer is a `file_key` that jobs
 * take as input.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { sanitizeFilename, toStoredFile } from './file-store.ts';
import { storedFileSchema } from './file-schema.ts';

/** X-Filename is URI-encoded by our clients; a raw name with a stray `%` is taken as it is. */
export function decodeFilenameHeader(value: string | undefined): string {
  if (value === undefined) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const fileRoutes = [
  defineRoute({
    method: 'post',
    path: '/files',
    summary: 'Upload a file as the raw request body (X-Filename header names it)',
    tag: 'files',
    auth: 'user',
    scope: 'files:write',
    bodyKind: 'raw',
    rawTypes: [
      'audio/*',
      'video/*',
      'application/octet-stream',
      'application/pdf',
      'application/epub+zip',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/*',
    ],
    response: storedFileSchema,
    status: 201,
    errors: [
      'unauthorized',
      'forbidden',
      'payload_too_large',
      'unsupported_media_type',
      'validation_error',
    ],
    handler: async ({ stream, headers, principal, signal }, services) => {
      const contentType =
        (headers['content-type'] ?? 'application/octet-stream').split(';')[0]?.trim() ?? '';
      const declared = Number(headers['content-length'] ?? '0');
      if (declared > services.files.maxBytes) {
        throw new AppError(
          'payload_too_large',
          `Uploads are limited to ${services.files.maxBytes} bytes.`,
          {
            details: { max_bytes: services.files.maxBytes },
          },
        );
      }
      if (!stream) throw new AppError('internal_error', 'raw route without a request stream');
      return services.files.save(
        principal?.userId ?? '',
        stream,
        {
          contentType,
          filename: sanitizeFilename(decodeFilenameHeader(headers['x-filename'])),
        },
        signal,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/files/{file_key}',
    summary: 'Metadata of an uploaded file',
    tag: 'files',
    auth: 'user',
    scope: 'files:read',
    params: z.object({ file_key: z.string().uuid() }),
    response: storedFileSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, services) =>
      toStoredFile(services.files.get(principal?.userId ?? '', params.file_key)),
  }),
];
