/**
 * The OpenAI-compatible speech routes (document 2, "Third-party-compatible audio endpoints";
 * docs/api/openai-compat.md): POST /audio/speech and GET /models, each also served at the
 * absolute `/v1/...` path so OpenAI SDKs work with `baseURL: http://host:port/v1`. Errors answer
 * in OpenAI's shape `{error: {message, type, param, code}}`.
 */
import { z } from 'zod';
import { FileReply } from '../../../api/reply.ts';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { ESPEAK_MODEL_ID } from '../engines/espeak/espeak-engine.ts';
import { removeSpeechFile, SPEECH_FORMATS, SPEECH_MAX_INPUT } from './speech-service.ts';

export const speechBodySchema = z.object({
  model: z.string().optional().describe('Accepted and ignored (OpenAI compatibility).'),
  input: z.string().min(1).max(SPEECH_MAX_INPUT).describe('The text to speak.'),
  voice: z
    .union([z.string().min(1), z.number().int()])
    .describe('A voice name (`en-us`), eSpeak identifier (`gmw/en-US`) or integer id.'),
  response_format: z.enum(SPEECH_FORMATS).default('mp3'),
  speed: z.number().min(0.25).max(4).default(1),
});

const modelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
});

export const modelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(modelSchema),
});

/** 2026-01-01T00:00:00Z: a fixed `created` for the built-in engine's model entry. */
const ESPEAK_MODEL_CREATED = 1_767_225_600;

export const speechRoutes = [
  defineRoute({
    method: 'post',
    path: '/audio/speech',
    summary: 'Text to speech, OpenAI-compatible (returns audio bytes)',
    tag: 'audio',
    auth: 'user',
    scope: 'speech:write',
    body: speechBodySchema,
    bodyKind: 'json',
    produces: 'file',
    errorShape: 'openai',
    aliases: ['/v1/audio/speech'],
    errors: [
      'validation_error',
      'voice_not_found',
      'insufficient_credits',
      'ffmpeg_unavailable',
      'internal_error',
    ],
    handler: async (ctx, services) => {
      if (!ctx.principal) throw new AppError('unauthorized', 'A credential is required.');
      const result = await services.voices.speech.speak({
        userId: ctx.principal.userId,
        input: ctx.body.input,
        voice: ctx.body.voice,
        format: ctx.body.response_format,
        speed: ctx.body.speed,
        signal: ctx.signal,
      });
      return new FileReply(result.path, result.contentType, undefined, () =>
        removeSpeechFile(result.path),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/models',
    summary: 'Speech models (engines), OpenAI-compatible list',
    tag: 'audio',
    auth: 'user',
    scope: 'speech:read',
    response: modelListSchema,
    errorShape: 'openai',
    aliases: ['/v1/models'],
    errors: [],
    handler: (_ctx, services) => ({
      object: 'list' as const,
      // One entry per engine that has voices: the embedded one always, neural ones when a
      // pack of theirs is installed.
      data: [
        ESPEAK_MODEL_ID,
        ...new Set(
          services.voices.catalog
            .list()
            .filter((v) => v.engine !== 'espeak')
            .map((v) => `tapehouse-${v.engine}`),
        ),
      ].map((id) => ({
        id,
        object: 'model' as const,
        created: ESPEAK_MODEL_CREATED,
        owned_by: 'tapehouse',
      })),
    }),
  }),
];
