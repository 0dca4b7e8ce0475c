/**
 * Audio to MIDI (document 3, "Audio to MIDI"; docs/api/midi.md): convert an upload or a URL,
 * convert a stem job's stems, follow, list and delete MIDI jobs. The .mid files are fetched
 * through the presigned URLs in the job (features/platform/downloads).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { midiJobListSchema, midiJobSchema, midiOptionsSchema, MIDI_STEMS } from './midi-schema.ts';
import {
  createConvertJob,
  createFromStemsJob,
  deleteJob,
  listJobs,
  ownMidiJob,
  requestOrigin,
} from './midi-service.ts';
import { midiJobView } from './midi-view.ts';

const TAG = 'midi';
const WRITE = 'midi:write';
const READ = 'midi:read';

/** The contract's `{job_id}`, named for the resource (docs/api/scopes.md). */
const jobIdParams = z.object({ midi_job_id: z.coerce.number().int().positive() });
const stemJobParams = z.object({ stem_job_id: z.coerce.number().int().positive() });

const convertDoc = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'The audio (or video) to transcribe' })
    .optional(),
  url: z.string().meta({ description: 'http(s) URL of the audio instead of a file' }).optional(),
  stems: z
    .string()
    .meta({
      description: `JSON array of ${MIDI_STEMS.join(', ')}; default ["bass","vocals","piano"]`,
    })
    .optional(),
  options: z.string().meta({ description: 'JSON object (MidiOptions)' }).optional(),
});

const fromStemsBody = z.object({
  stems: z.array(z.string().min(1).max(64)).min(1).max(16).optional(),
  options: midiOptionsSchema.omit({ split: true }).partial().optional(),
});

const ownerOf = (principal: { userId: string } | null): string => principal?.userId ?? '';

export const midiRoutes = [
  defineRoute({
    method: 'post',
    path: '/midi/convert',
    summary: 'Transcribe an upload or a URL to MIDI (multipart: file or url, stems, options)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    body: convertDoc,
    response: midiJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'bad_request',
      'validation_error',
      'invalid_audio',
      'unsupported_media',
      'payload_too_large',
      'unsupported_media_type',
      'insufficient_credits',
      'ffmpeg_unavailable',
      'service_unavailable',
    ],
    handler: ({ principal, stream, headers, signal }, { music }) =>
      createConvertJob(music, ownerOf(principal), { stream, headers, signal }),
  }),
  defineRoute({
    method: 'post',
    path: '/midi/convert/from-stems/{stem_job_id}',
    summary: 'Transcribe the stems of a finished stem job (add-on rate only, no re-split)',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: stemJobParams,
    body: fromStemsBody,
    response: midiJobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'gone',
      'validation_error',
      'insufficient_credits',
      'service_unavailable',
    ],
    handler: ({ principal, params, body, headers }, { music }) =>
      createFromStemsJob(music, ownerOf(principal), params.stem_job_id, body, headers),
  }),
  defineRoute({
    method: 'get',
    path: '/midi/status/{midi_job_id}',
    summary: 'A MIDI job with freshly minted download URLs',
    tag: TAG,
    auth: 'user',
    scope: READ,
    // Document 3, Limits: "Job status, 60 per minute". Poll /jobs/{id} or the SSE stream.
    rateLimit: { limit: 60, windowSeconds: 60 },
    params: jobIdParams,
    response: midiJobSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ principal, params, headers }, { music }) =>
      midiJobView(
        music,
        ownMidiJob(music, ownerOf(principal), params.midi_job_id),
        requestOrigin(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/midi/jobs',
    summary: 'The caller’s MIDI jobs, newest first',
    tag: TAG,
    auth: 'user',
    scope: READ,
    query: z.object({
      skip: z.coerce.number().int().min(0).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: midiJobListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ principal, query, headers }, { music }) =>
      listJobs(music, ownerOf(principal), query.skip, query.limit, headers),
  }),
  defineRoute({
    method: 'delete',
    path: '/midi/jobs/{midi_job_id}',
    summary: 'Delete a MIDI job: cancels it if running and purges its input and outputs',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: jobIdParams,
    status: 204,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'validation_error'],
    handler: ({ principal, params }, { music }) =>
      deleteJob(music, ownerOf(principal), params.midi_job_id),
  }),
];
