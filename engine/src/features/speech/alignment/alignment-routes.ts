/**
 * POST /speech/align: word timings of an uploaded recording of a known text (our own route;
 * docs/api/alignment.md). Free: it runs the embedded eSpeak NG and needs no model pack. The
 * upload is stored only for the length of the call.
 */
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { storeMultipartUpload } from '../../platform/index.ts';
import type { FileStore } from '../../platform/index.ts';
import type { AlignmentService } from './alignment-service.ts';
import { alignRequestSchema, alignResultSchema } from './alignment-schema.ts';

/** What the route needs from the engine (the lead's services container provides both). */
export interface AlignmentRouteDeps {
  files: FileStore;
  speech: { alignment: AlignmentService };
}

export const alignmentRoutes = [
  defineRoute({
    method: 'post',
    path: '/speech/align',
    summary: 'Word timings of a recording of a known text (eSpeak NG + DTW, no download)',
    tag: 'speech',
    auth: 'user',
    scope: 'transcription:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: alignRequestSchema,
    response: alignResultSchema,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'bad_request',
      'invalid_audio',
      'payload_too_large',
      'unsupported_media_type',
      'ffmpeg_unavailable',
    ],
    handler: async ({ principal, stream, headers, signal }, services: AlignmentRouteDeps) => {
      if (!principal || !stream) throw new AppError('unauthorized', 'A credential is required.');
      const { files } = services;
      const upload = await storeMultipartUpload(files, principal.userId, stream, headers, {
        maxFileBytes: files.maxBytes,
        what: 'The recording',
        signal,
      });
      try {
        if (upload.file === null)
          throw new AppError('validation_error', 'Send the recording as file.');
        const text = upload.fields.text ?? '';
        const language = upload.fields.language?.trim() || 'en';
        const row = files.get(principal.userId, upload.file.file_key);
        return await services.speech.alignment.alignWords(
          { path: files.pathOf(row) },
          text,
          language,
          signal,
        );
      } finally {
        if (upload.file) files.discard(principal.userId, upload.file.file_key);
      }
    },
  }),
];
