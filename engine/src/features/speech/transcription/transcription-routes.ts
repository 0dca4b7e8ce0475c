/**
 * Document 2, "Transcription": the six routes (transcribe, transcribe-upload, status, result,
 * jobs, transcript) plus ours for the studio — the list of transcriptions, corrections to a
 * transcript, and transcript projects with their saved speaker names
 * (docs/api/transcription.md). Path parameters are named after what they hold
 * (`transcription_job_id`, `transcript_project_id`) so the authorization matrix can make one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { pageSchema, paginate } from '../../../api/pagination.ts';
import type { Principal } from '../../../api/principal.ts';
import { FileReply } from '../../../api/reply.ts';
import { defineRoute } from '../../../api/route.ts';
import type { ErrorCode } from '../../../errors.ts';
import {
  speakerRenameSchema,
  TRANSCRIPT_FORMATS,
  transcribeRequestSchema,
  transcribeUploadSchema,
  transcriptEditSchema,
  transcriptionCreatedSchema,
  transcriptionJobListSchema,
  transcriptionJobSchema,
  transcriptionResultSchema,
  transcriptionStatusSchema,
  transcriptProjectSchema,
} from './transcription-schemas.ts';
import { transcribeUrls, transcribeUpload } from './transcription-requests.ts';

const TAG = 'transcription';
const jobParams = z.object({ transcription_job_id: z.coerce.number().int().positive() });
const projectParams = z.object({ transcript_project_id: z.string().uuid() });
const speakerParams = projectParams.extend({
  speaker_label: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

function owner(principal: Principal | null): string {
  return principal?.userId ?? '';
}

/** The request's own origin (checked by the host guard), for absolute audio URLs. */
function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

const CREATE_ERRORS: ErrorCode[] = [
  'unauthorized',
  'forbidden',
  'validation_error',
  'bad_request',
  'invalid_audio',
  'unsupported_media',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'insufficient_credits',
  'model_not_installed',
  'ffmpeg_unavailable',
];
const READ_ERRORS: ErrorCode[] = ['unauthorized', 'forbidden', 'not_found', 'validation_error'];

export const transcriptionRoutes = [
  defineRoute({
    method: 'post',
    path: '/transcription/transcribe',
    summary: 'Transcribe recordings at source_urls (fetched by the engine; public addresses only)',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    body: transcribeRequestSchema,
    response: transcriptionCreatedSchema,
    status: 202,
    errors: CREATE_ERRORS,
    handler: ({ body, principal, signal }, services) =>
      transcribeUrls(services.speech.requests, owner(principal), body, signal),
  }),
  defineRoute({
    method: 'post',
    path: '/transcription/transcribe-upload',
    summary: 'Transcribe uploaded recordings (multipart: files repeated, options as fields)',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: transcribeUploadSchema,
    response: transcriptionCreatedSchema,
    status: 202,
    errors: CREATE_ERRORS,
    handler: ({ principal, stream, headers, signal }, services) =>
      transcribeUpload(services.speech.requests, owner(principal), { stream, headers }, signal),
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/status/{transcription_job_id}',
    summary: 'A transcription’s status (PENDING, PROCESSING, COMPLETED, FAILED), progress, ETA',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    params: jobParams,
    response: transcriptionStatusSchema,
    errors: READ_ERRORS,
    handler: ({ params, principal }, services) =>
      services.speech.transcripts.status(owner(principal), params.transcription_job_id),
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/result/{transcription_job_id}',
    summary: 'Text and segments (speaker, text, start, end, confidence, words) of a transcription',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    params: jobParams,
    response: transcriptionResultSchema,
    errors: READ_ERRORS,
    handler: ({ params, principal, headers }, services) =>
      services.speech.transcripts.result(
        owner(principal),
        params.transcription_job_id,
        originOf(headers),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/jobs/{transcription_job_id}',
    summary: 'A transcription job: options, files, credits, times, error',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    params: jobParams,
    response: transcriptionJobSchema,
    errors: READ_ERRORS,
    handler: ({ params, principal }, services) =>
      services.speech.transcripts.job(owner(principal), params.transcription_job_id),
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/transcript/{transcription_job_id}',
    summary: 'The transcript as a document: format json (default), txt, srt or vtt',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    params: jobParams,
    query: z.object({ format: z.enum(TRANSCRIPT_FORMATS).default('json') }),
    produces: 'file',
    errors: [...READ_ERRORS, 'conflict'],
    handler: ({ params, query, principal }, services) => {
      const doc = services.speech.transcripts.transcript(
        owner(principal),
        params.transcription_job_id,
        query.format,
      );
      const out = path.join(os.tmpdir(), `tapehouse-transcript-${randomUUID()}`);
      fs.writeFileSync(out, doc.body);
      return new FileReply(out, doc.contentType, doc.filename, () =>
        fs.rmSync(out, { force: true }),
      );
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/transcription/transcript/{transcription_job_id}',
    summary: 'Correct a transcript: segment text and which speaker label speaks',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    params: jobParams,
    authorize: ({ params, principal }, services) => {
      services.speech.transcription.job(owner(principal), params.transcription_job_id);
    },
    body: transcriptEditSchema,
    response: transcriptionResultSchema,
    errors: [...READ_ERRORS, 'conflict'],
    handler: ({ params, body, principal, headers }, services) => {
      const id = params.transcription_job_id;
      services.speech.transcripts.edit(owner(principal), id, body.segments);
      return services.speech.transcripts.result(owner(principal), id, originOf(headers));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/jobs',
    summary: 'The caller’s transcriptions, newest first (optionally one project’s)',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    query: z.object({ project_id: z.string().uuid().optional(), ...pageSchema(100, 20).shape }),
    response: transcriptionJobListSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, services) => {
      const { rows, total } = services.speech.transcripts.list(owner(principal), query);
      return { jobs: rows, ...paginate(total, query.page, query.per_page) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/projects',
    summary: 'Transcript projects with their speakers and saved names',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    response: z.object({ projects: z.array(transcriptProjectSchema) }),
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal }, services) => ({
      projects: services.speech.transcripts.projects(owner(principal)),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/transcription/projects',
    summary: 'Create a transcript project (its speaker names apply to every transcript in it)',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    body: z.object({ name: z.string().trim().min(1).max(120) }),
    response: transcriptProjectSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ body, principal }, services) =>
      services.speech.transcripts.createProject(owner(principal), body.name),
  }),
  defineRoute({
    method: 'get',
    path: '/transcription/projects/{transcript_project_id}',
    summary: 'One transcript project',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:read',
    params: projectParams,
    response: transcriptProjectSchema,
    errors: READ_ERRORS,
    handler: ({ params, principal }, services) =>
      services.speech.transcripts.project(owner(principal), params.transcript_project_id),
  }),
  defineRoute({
    method: 'patch',
    path: '/transcription/projects/{transcript_project_id}',
    summary: 'Rename a transcript project',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    params: projectParams,
    authorize: ({ params, principal }, services) =>
      services.speech.transcripts.ownProject(owner(principal), params.transcript_project_id),
    body: z.object({ name: z.string().trim().min(1).max(120) }),
    response: transcriptProjectSchema,
    errors: READ_ERRORS,
    handler: ({ params, body, principal }, services) =>
      services.speech.transcripts.renameProject(
        owner(principal),
        params.transcript_project_id,
        body.name,
      ),
  }),
  defineRoute({
    method: 'put',
    path: '/transcription/projects/{transcript_project_id}/speakers/{speaker_label}',
    summary: 'Name a speaker label (SPEAKER_00…) in a project; remembered for its transcripts',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    params: speakerParams,
    authorize: ({ params, principal }, services) =>
      services.speech.transcripts.ownProject(owner(principal), params.transcript_project_id),
    body: speakerRenameSchema,
    response: transcriptProjectSchema,
    errors: READ_ERRORS,
    handler: ({ params, body, principal }, services) =>
      services.speech.transcripts.nameSpeaker(
        owner(principal),
        params.transcript_project_id,
        params.speaker_label,
        body.name,
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/transcription/projects/{transcript_project_id}/speakers/{speaker_label}',
    summary: 'Forget the name given to a speaker label (it shows as its label again)',
    tag: TAG,
    auth: 'user',
    scope: 'transcription:write',
    params: speakerParams,
    authorize: ({ params, principal }, services) =>
      services.speech.transcripts.ownProject(owner(principal), params.transcript_project_id),
    response: transcriptProjectSchema,
    errors: READ_ERRORS,
    handler: ({ params, principal }, services) =>
      services.speech.transcripts.forgetSpeaker(
        owner(principal),
        params.transcript_project_id,
        params.speaker_label,
      ),
  }),
];
