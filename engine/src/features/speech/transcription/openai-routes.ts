/**
 * The OpenAI-compatible POST /audio/transcriptions and /audio/translations (document 2,
 * "Third-party-compatible audio endpoints"; docs/api/openai-compat.md), also at /v1/audio/...
 * for SDKs. They run a `transcription` job and wait for it, so credits are held, settled on the
 * decoded length, and refunded when it fails; every failure answers OpenAI's `error` object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { FileReply } from '../../../api/reply.ts';
import { defineRoute, type RequestContext } from '../../../api/route.ts';
import { AppError, type ErrorCode } from '../../../errors.ts';
import { storeMultipartUpload } from '../../platform/index.ts';
import type { FileStore } from '../../platform/index.ts';
import { OPENAI_FORMATS, renderOpenAi, type OpenAiFormat } from './openai-format.ts';
import type { TranscriptionService } from './transcription-service.ts';
import { CHUNK_SECONDS } from './transcription-schemas.ts';
import type { TranscriptionResult } from './transcript-types.ts';

interface Deps {
  files: FileStore;
  speech: { transcription: TranscriptionService };
}

const requestSchema = z
  .object({
    file: z
      .string()
      .meta({ format: 'binary', description: 'The audio (any format ffmpeg reads).' }),
    model: z.string().optional().meta({
      description:
        'Accepted; `whisper-1` and unknown names use the best installed Whisper pack, a pack id (whisper-small) picks it.',
    }),
    language: z.string().optional(),
    prompt: z.string().optional().meta({ description: 'Accepted and ignored.' }),
    response_format: z.enum(OPENAI_FORMATS).optional(),
    temperature: z
      .string()
      .optional()
      .meta({ description: 'Accepted and ignored (greedy decoding).' }),
  })
  .meta({ id: 'OpenAiTranscriptionRequest' });

const FAILURES: Record<string, ErrorCode> = {
  invalid_input: 'invalid_audio',
  model_not_installed: 'model_not_installed',
  ffmpeg_unavailable: 'ffmpeg_unavailable',
};

function invalid(param: string, message: string): AppError {
  return new AppError('validation_error', message, { details: { param } });
}

async function handle(
  task: 'transcribe' | 'translate',
  { principal, stream, headers, signal }: RequestContext<unknown, unknown, unknown>,
  services: Deps,
): Promise<FileReply> {
  if (!principal || !stream) throw new AppError('unauthorized', 'A credential is required.');
  const { files } = services;
  const service = services.speech.transcription;
  const upload = await storeMultipartUpload(files, principal.userId, stream, headers, {
    maxFileBytes: files.maxBytes,
    what: 'The audio file',
    signal,
  });
  try {
    if (upload.file === null) throw invalid('file', 'file is required (multipart field "file").');
    const format = (upload.fields.response_format ?? 'json') as OpenAiFormat;
    if (!(OPENAI_FORMATS as readonly string[]).includes(format))
      throw invalid(
        'response_format',
        `response_format must be one of ${OPENAI_FORMATS.join(', ')}.`,
      );
    const model = upload.fields.model?.trim() ?? '';
    const row = await service.create(
      principal.userId,
      [{ file_key: upload.file.file_key, filename: upload.file.filename }],
      {
        language: task === 'translate' ? null : upload.fields.language?.trim() || null,
        task,
        model: model.startsWith('whisper-') && model !== 'whisper-1' ? model : null,
        modelType: 'standard',
        diarize: format === 'diarized_json',
        minSpeakers: null,
        maxSpeakers: null,
        wordTimestamps: format === 'verbose_json',
        confidenceScores: false,
        chunkSeconds: CHUNK_SECONDS.default,
        projectId: null,
        noProject: true,
      },
      null,
    );
    const done = await service.waitFor(row.id, signal);
    if (done.status !== 'completed') {
      const code = FAILURES[done.failureReason ?? ''] ?? 'internal_error';
      throw new AppError(code, done.errorMessage ?? 'The transcription failed.');
    }
    const { body, contentType } = renderOpenAi(done.result as TranscriptionResult, format);
    const out = path.join(os.tmpdir(), `tapehouse-transcript-${randomUUID()}`);
    fs.writeFileSync(out, body);
    return new FileReply(out, contentType, undefined, () => fs.rmSync(out, { force: true }));
  } catch (error) {
    if (upload.file) files.discard(principal.userId, upload.file.file_key);
    throw error;
  }
}

const ERRORS: ErrorCode[] = [
  'unauthorized',
  'forbidden',
  'validation_error',
  'bad_request',
  'invalid_audio',
  'payload_too_large',
  'unsupported_media_type',
  'insufficient_credits',
  'model_not_installed',
  'ffmpeg_unavailable',
  'internal_error',
];

export const openAiTranscriptionRoutes = [
  defineRoute({
    method: 'post',
    path: '/audio/transcriptions',
    summary:
      'Speech to text, OpenAI-compatible (json, text, verbose_json, srt, vtt, diarized_json)',
    tag: 'audio',
    auth: 'user',
    scope: 'transcription:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: requestSchema,
    produces: 'file',
    errorShape: 'openai',
    aliases: ['/v1/audio/transcriptions'],
    errors: ERRORS,
    handler: (ctx, services: Deps) => handle('transcribe', ctx, services),
  }),
  defineRoute({
    method: 'post',
    path: '/audio/translations',
    summary: 'Speech in any language to English text, OpenAI-compatible',
    tag: 'audio',
    auth: 'user',
    scope: 'transcription:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: requestSchema,
    produces: 'file',
    errorShape: 'openai',
    aliases: ['/v1/audio/translations'],
    errors: ERRORS,
    handler: (ctx, services: Deps) => handle('translate', ctx, services),
  }),
];
