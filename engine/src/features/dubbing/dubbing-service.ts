/**
 * Speech translations (document 3's translation jobs; docs/api/speech-translation.md): create
 * (every check before anything is charged: the fields, what the installed packs can do, that the
 * recording is media of at most two hours), list, view, retry a failed one from its last
 * finished stage, delete, the transcript, and editing one line's translation (re-rendered alone).
 */
import fs from 'node:fs';
import path from 'node:path';
import { probeMedia } from '../../audio/index.ts';
import { AppError } from '../../errors.ts';
import type { JobRow } from '../../jobs/job-repo.ts';
import { fetchUrlInput, type StoredFile } from '../platform/index.ts';
import { languageName } from './dub-languages.ts';
import { planDub } from './dub-plan.ts';
import type { DubbingDeps } from './dubbing-deps.ts';
import { SPEECH_TRANSLATION_JOB, type DubJobInput } from './dubbing-job.ts';
import type { DubbingRepo, SpeechTranslationRow } from './dubbing-repo.ts';
import { transcriptSchema, type TranslationJobJson } from './dubbing-schemas.ts';
import { translationView } from './dubbing-view.ts';
import { lineSeconds } from './line-edit.ts';
import {
  checkExtension,
  readTranslationRequest,
  type TranslationRequest,
} from './translation-request.ts';
import { WorkFolder } from './pipeline/work-folder.ts';
import type { DubTranscript } from './pipeline/transcript.ts';

/** The longest recording one translation takes (diarization holds the whole file in memory). */
export const MAX_SECONDS = 2 * 3600;

const ACTIVE: ReadonlySet<JobRow['status']> = new Set(['queued', 'running']);

export class DubbingService {
  constructor(
    private readonly deps: DubbingDeps,
    private readonly repo: DubbingRepo,
  ) {}

  /** The combination the installed packs cannot do is a 400 naming each reason. */
  private requirePlan(source: string | null, target: string): void {
    const plan = planDub(this.deps, source, target);
    if (plan.problems.length === 0) return;
    const first = plan.problems[0]!;
    throw new AppError(
      'validation_error',
      `${languageName(source ?? 'auto')} → ${languageName(target)} cannot be done with the packs installed here: ${plan.problems.map((p) => p.message).join(' ')}`,
      {
        details: {
          reason: 'unsupported_combination',
          problems: plan.problems,
          // The studio's Install button reads these, as for a 503 model_not_installed.
          ...(first.pack && { pack: first.pack, install: [first.pack] }),
        },
      },
    );
  }

  /** Seconds of audio; 400 for something ffmpeg cannot read, without audio, or over the limit. */
  private async probe(
    file: StoredFile,
    ownerId: string,
  ): Promise<{ seconds: number; video: boolean }> {
    const row = this.deps.files.get(ownerId, file.file_key);
    if (row.bytes === 0)
      throw new AppError('invalid_audio', `${file.filename} is empty (0 bytes).`);
    const ffmpeg = await this.deps.ffmpeg.require();
    const info = await probeMedia(ffmpeg, this.deps.files.pathOf(row)).catch((error: unknown) => {
      if (error instanceof AppError && error.status < 500)
        throw new AppError(
          'invalid_audio',
          `${file.filename} is not audio or video that can be read.`,
        );
      throw error;
    });
    if (info.audio === null)
      throw new AppError('invalid_audio', `${file.filename} has no audio to translate.`);
    const seconds = info.duration_seconds ?? 0;
    if (seconds > MAX_SECONDS)
      throw new AppError(
        'validation_error',
        `A translation takes recordings up to ${MAX_SECONDS / 3600} hours; ${file.filename} is ${(seconds / 3600).toFixed(1)} hours.`,
        { details: { reason: 'too_long', max_seconds: MAX_SECONDS, seconds } },
      );
    return { seconds, video: info.has_video };
  }

  async create(
    ownerId: string,
    request: TranslationRequest,
    origin: string,
  ): Promise<TranslationJobJson> {
    const parsed = await readTranslationRequest(this.deps.files, ownerId, request);
    let stored = parsed.upload;
    try {
      this.requirePlan(parsed.source, parsed.target);
      if (stored === null && parsed.url !== null) {
        stored = await fetchUrlInput(
          this.deps,
          ownerId,
          parsed.url,
          request.signal,
          this.deps.lookup,
        );
        checkExtensionOfFetched(stored);
      }
      if (stored === null) throw new AppError('internal_error', 'No recording.');
      const media = await this.probe(stored, ownerId);
      const base = path.basename(stored.filename, path.extname(stored.filename)) || 'Recording';
      const row = this.repo.insert({
        ownerId,
        fileKey: stored.file_key,
        inputSource: parsed.url === null ? 'FILE' : 'URL',
        sourceUrl: parsed.url,
        originalFilename: stored.filename,
        displayName: `${base} — ${languageName(parsed.target)}`,
        sourceLanguage: parsed.source,
        detectedLanguage: null,
        targetLanguage: parsed.target,
        isVideo: media.video,
        durationSeconds: Math.round(media.seconds * 1000) / 1000,
      });
      try {
        const job = await this.startJob(row, {
          reason: 'create',
          segment_id: null,
          text: null,
          billed_seconds: media.seconds,
        });
        const first = this.repo.firstJob(row.id, job.id) ?? row;
        return this.view(first, origin);
      } catch (error) {
        this.repo.delete(row.id);
        throw error;
      }
    } catch (error) {
      if (stored !== null) this.deps.files.discard(ownerId, stored.file_key);
      throw error;
    }
  }

  /** Creates an attempt's job (its credits are held, or 402 and nothing happens). */
  startJob(
    row: SpeechTranslationRow,
    attempt: Pick<DubJobInput, 'reason' | 'segment_id' | 'text' | 'billed_seconds'>,
  ): Promise<JobRow> {
    const input: DubJobInput = {
      translation_id: row.id,
      duration_seconds: row.durationSeconds,
      ...attempt,
    };
    return this.deps.jobs.create(row.ownerId, SPEECH_TRANSLATION_JOB, input);
  }

  /** The caller's translation, or 404 (another user's looks missing). */
  get(ownerId: string, id: number): SpeechTranslationRow {
    const row = this.repo.owned(ownerId, id);
    if (!row || row.jobId === 0) throw new AppError('not_found', `Translation ${id} not found.`);
    return row;
  }

  view(row: SpeechTranslationRow, origin: string): TranslationJobJson {
    const job = this.deps.jobRepo.get(row.jobId) ?? null;
    return translationView(
      { home: this.deps.config.home, files: this.deps.files, urls: this.deps.urls },
      row,
      job,
      origin,
    );
  }

  list(ownerId: string, skip: number, limit: number, origin: string) {
    const { rows, total } = this.repo.list(ownerId, skip, limit);
    return { translations: rows.map((r) => this.view(r, origin)), total, skip, limit };
  }

  private status(row: SpeechTranslationRow): JobRow['status'] | null {
    return this.deps.jobRepo.get(row.jobId)?.status ?? null;
  }

  /** POST …/retry: a failed (or cancelled) translation's new attempt, from its last finished stage. */
  async retry(ownerId: string, id: number, origin: string): Promise<TranslationJobJson> {
    const row = this.get(ownerId, id);
    const status = this.status(row);
    if (status !== 'failed' && status !== 'cancelled')
      throw new AppError(
        'conflict',
        `Translation ${id} has not failed (it is ${status ?? 'unknown'}); only a failed translation is retried.`,
        {
          details: { status },
        },
      );
    this.requirePlan(row.sourceLanguage ?? row.detectedLanguage, row.targetLanguage);
    const job = await this.startJob(row, {
      reason: 'retry',
      segment_id: null,
      text: null,
      billed_seconds: row.durationSeconds,
    });
    this.repo.attach(row.id, job.id);
    return this.view(this.get(ownerId, id), origin);
  }

  /** DELETE: the translation, its files and its upload; a running attempt is cancelled first. */
  delete(ownerId: string, id: number): void {
    const row = this.get(ownerId, id);
    const status = this.status(row);
    if (status !== null && ACTIVE.has(status)) this.deps.jobs.cancel(row.jobId);
    this.repo.delete(row.id);
    // A cancelled attempt may still be finishing a step: its folder goes when its job ends
    // (dubbing-area.ts), and now for everything else.
    if (status === null || !ACTIVE.has(status))
      WorkFolder.of(this.deps.config.home, row.id).removeAll();
    try {
      this.deps.files.discard(ownerId, row.fileKey);
    } catch {
      // Already gone.
    }
  }

  transcript(ownerId: string, id: number): DubTranscript {
    const row = this.get(ownerId, id);
    const transcript = WorkFolder.of(this.deps.config.home, row.id).read(
      'transcript.json',
      transcriptSchema,
    );
    if (!transcript || this.status(row) === 'queued')
      throw new AppError('conflict', `Translation ${id} has no transcript yet.`, {
        details: { status: this.status(row) },
      });
    return transcript;
  }

  /** PATCH a line's translation: saved, then only that line is spoken again and the dub re-mixed. */
  async edit(ownerId: string, id: number, segmentId: number, text: string, origin: string) {
    const row = this.get(ownerId, id);
    if (this.status(row) !== 'completed')
      throw new AppError(
        'conflict',
        `Translation ${id} is not finished; lines are edited once it is.`,
        {
          details: { status: this.status(row) },
        },
      );
    const seconds = lineSeconds(WorkFolder.of(this.deps.config.home, row.id), segmentId);
    const job = await this.startJob(row, {
      reason: 'edit',
      segment_id: segmentId,
      text,
      billed_seconds: seconds,
    });
    this.repo.attach(row.id, job.id);
    return this.view(this.get(ownerId, id), origin);
  }

  /** After an engine crash: translations whose first job was never made, and orphan folders. */
  sweep(): void {
    for (const row of this.repo.withoutJob()) {
      this.repo.delete(row.id);
      try {
        this.deps.files.discard(row.ownerId, row.fileKey);
      } catch {
        // Already gone.
      }
    }
    const dir = path.join(this.deps.config.home, 'translations');
    if (!fs.existsSync(dir)) return;
    const ids = this.repo.ids();
    for (const name of fs.readdirSync(dir))
      if (/^\d+$/.test(name) && !ids.has(Number(name)))
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

function checkExtensionOfFetched(file: StoredFile): void {
  // A url without an extension was let through; what it delivered must still be media by name
  // when it has one (ffmpeg's probe decides the rest).
  if (path.extname(file.filename) !== '') checkExtension(file.filename, 'url');
}
