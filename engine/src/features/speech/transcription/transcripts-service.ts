/**
 * What the native read routes and the studio do with finished transcriptions: status, result,
 * job records and lists, the exported transcript, corrections to segments, transcript projects
 * and the names their speakers were given (docs/api/transcription.md).
 */
import { AppError } from '../../../errors.ts';
import type { JobRepo, JobRow } from '../../../jobs/job-repo.ts';
import type { FileStore, UrlSigner } from '../../platform/index.ts';
import {
  DIARIZATION_JOB,
  TRANSCRIPTION_JOB,
  type TranscriptionInput,
} from './transcription-job.ts';
import type {
  TranscriptionJobJson,
  TranscriptionResultJson,
  TranscriptionStatusJson,
  TranscriptProjectJson,
} from './transcription-schemas.ts';
import type { TranscriptionService } from './transcription-service.ts';
import type { TranscriptStore } from './transcript-store.ts';
import { renderTranscript, type TranscriptFormat } from './transcript-export.ts';
import {
  jobView,
  resultView,
  speakersOf,
  statusView,
  editedSegments,
} from './transcription-views.ts';
import type { TranscriptionResult } from './transcript-types.ts';

const TYPES = [TRANSCRIPTION_JOB, DIARIZATION_JOB];

export interface TranscriptsDeps {
  jobRepo: JobRepo;
  files: FileStore;
  urls: UrlSigner;
  store: TranscriptStore;
  transcription: TranscriptionService;
}

/** A transcript as other areas read it (TranscriptsService.segments). */
export interface TranscriptSegments {
  language: string;
  segments: { id: number; start: number; end: number; speaker: string | null; text: string }[];
}

export class TranscriptsService {
  constructor(private readonly deps: TranscriptsDeps) {}

  private projectOf(row: JobRow): string {
    return (row.input as TranscriptionInput).project_id ?? '';
  }

  private names(row: JobRow): Map<string, string> {
    const project = this.projectOf(row);
    return project ? this.deps.store.speakerNames(project) : new Map();
  }

  status(ownerId: string, id: number): TranscriptionStatusJson {
    return statusView(this.deps.transcription.job(ownerId, id));
  }

  job(ownerId: string, id: number): TranscriptionJobJson {
    return jobView(this.deps.transcription.job(ownerId, id));
  }

  list(
    ownerId: string,
    query: { page: number; per_page: number; project_id?: string | undefined },
  ): { rows: TranscriptionJobJson[]; total: number } {
    const { rows, total } = this.deps.jobRepo.list({
      ownerId,
      types: TYPES,
      ...(query.project_id && { input: { field: 'project_id', value: query.project_id } }),
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { rows: rows.map(jobView), total };
  }

  /** The result, with a signed URL of each source file (the studio's waveform plays it). */
  result(ownerId: string, id: number, origin: string): TranscriptionResultJson {
    const row = this.deps.transcription.job(ownerId, id);
    const input = row.input as TranscriptionInput;
    return resultView(row, this.names(row), this.deps.store.edits(row.id), (index) => {
      const ref = input.files[index];
      if (!ref) return null;
      try {
        const file = this.deps.files.get(ownerId, ref.file_key);
        const signed = this.deps.urls.sign({
          path: this.deps.files.pathOf(file),
          filename: file.filename,
          contentType: file.contentType,
        });
        return `${origin}${signed.url}`;
      } catch {
        return null; // the source file was deleted since
      }
    });
  }

  /** The transcript as a document (names and corrections applied); 409 until it is ready. */
  transcript(
    ownerId: string,
    id: number,
    format: TranscriptFormat,
  ): { body: string; contentType: string; filename: string } {
    const row = this.completed(ownerId, id);
    const result = row.result as TranscriptionResult;
    const names = this.names(row);
    const segments = editedSegments(result, names, this.deps.store.edits(row.id));
    return renderTranscript(
      {
        jobId: row.id,
        language: result.language,
        duration: result.duration,
        fileDurations: result.files.map((f) => f.duration),
        speakers: speakersOf(segments, names),
        segments,
      },
      format,
    );
  }

  /**
   * The finished transcript's segments with corrections and speaker names applied, for other
   * areas (text translation of a transcript); 404 for another user's, 409 until it is ready.
   */
  segments(ownerId: string, id: number): TranscriptSegments {
    const row = this.completed(ownerId, id);
    const result = row.result as TranscriptionResult;
    const segments = editedSegments(result, this.names(row), this.deps.store.edits(row.id));
    return {
      language: result.language,
      segments: segments.map((s) => ({
        id: s.id,
        start: s.start,
        end: s.end,
        speaker: s.speaker,
        text: s.text,
      })),
    };
  }

  /** Saves corrections to segments (text, speaker label); unknown segment ids are 400. */
  edit(
    ownerId: string,
    id: number,
    segments: {
      id: number;
      text?: string | undefined;
      speaker_label?: string | null | undefined;
    }[],
  ): void {
    const row = this.completed(ownerId, id);
    const known = new Set(
      (row.result as TranscriptionResult).files.flatMap((f) => f.segments.map((s) => s.id)),
    );
    const unknown = segments.filter((s) => !known.has(s.id)).map((s) => s.id);
    if (unknown.length > 0)
      throw new AppError('validation_error', `No segment ${unknown.join(', ')} in job ${id}.`, {
        details: { fields: [{ loc: ['body', 'segments'], msg: 'unknown segment id' }] },
      });
    this.deps.store.saveEdits(
      row.id,
      ownerId,
      segments.map((s) => ({
        id: s.id,
        ...(s.text !== undefined && { text: s.text }),
        ...(s.speaker_label !== undefined && { speakerLabel: s.speaker_label }),
      })),
    );
  }

  private completed(ownerId: string, id: number): JobRow {
    const row = this.deps.transcription.job(ownerId, id);
    if (row.status !== 'completed')
      throw new AppError(
        'conflict',
        `Transcription ${id} is ${row.status}; its transcript is not ready.`,
        {
          details: { status: row.status },
        },
      );
    return row;
  }

  // Projects and speaker names.

  projects(ownerId: string): TranscriptProjectJson[] {
    return this.deps.store.projects(ownerId).map((p) => this.projectView(ownerId, p.id));
  }

  createProject(ownerId: string, name: string): TranscriptProjectJson {
    return this.projectView(ownerId, this.deps.store.createProject(ownerId, name).id);
  }

  project(ownerId: string, projectId: string): TranscriptProjectJson {
    return this.projectView(ownerId, projectId);
  }

  renameProject(ownerId: string, projectId: string, name: string): TranscriptProjectJson {
    this.ownProject(ownerId, projectId);
    this.deps.store.renameProject(projectId, name);
    return this.projectView(ownerId, projectId);
  }

  nameSpeaker(
    ownerId: string,
    projectId: string,
    label: string,
    name: string,
  ): TranscriptProjectJson {
    this.ownProject(ownerId, projectId);
    this.deps.store.nameSpeaker(projectId, label, name);
    return this.projectView(ownerId, projectId);
  }

  forgetSpeaker(ownerId: string, projectId: string, label: string): TranscriptProjectJson {
    this.ownProject(ownerId, projectId);
    if (!this.deps.store.forgetSpeaker(projectId, label))
      throw new AppError('not_found', `Speaker ${label} has no saved name in this project.`);
    return this.projectView(ownerId, projectId);
  }

  ownProject(ownerId: string, projectId: string): void {
    if (!this.deps.store.project(ownerId, projectId))
      throw new AppError('not_found', `Transcript project ${projectId} not found.`);
  }

  private projectView(ownerId: string, projectId: string): TranscriptProjectJson {
    const project = this.deps.store.project(ownerId, projectId);
    if (!project) throw new AppError('not_found', `Transcript project ${projectId} not found.`);
    const names = this.deps.store.speakerNames(projectId);
    const { rows, total } = this.deps.jobRepo.list({
      ownerId,
      types: TYPES,
      input: { field: 'project_id', value: projectId },
      limit: 200,
      offset: 0,
    });
    // Labels heard in the project's finished transcripts, plus any named ahead of time.
    const labels = new Set(names.keys());
    for (const row of rows)
      if (row.status === 'completed')
        for (const l of (row.result as TranscriptionResult).speakers) labels.add(l);
    return {
      id: project.id,
      name: project.name,
      transcripts: total,
      speakers: [...labels].sort().map((label) => ({
        label,
        name: names.get(label) ?? label,
        renamed: names.has(label),
      })),
      created_at: project.createdAt,
      updated_at: project.updatedAt,
    };
  }
}
