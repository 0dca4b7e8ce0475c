/**
 * Narration (document 2, "Narration", "Voice order", Narration rules 1–7): choosing the lines a
 * batch narrates, the single-paragraph narrate with its overrides and the `service` object,
 * narrating one line into a new take, progress, cancel, and the take history.
 *
 * Statuses: lines become `queued` when a job is created (before its response), `narrating` while
 * synthesised, then `completed` (a new take, which becomes the active one) or `failed` with the
 * reason. Lines a cancelled job did not reach go back to what they were (`completed` when they
 * already had audio, else `pending`); audio already made is kept and billed.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EngineConfig } from '../../../config.ts';
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import type { TakeRow } from '../../../db/schema/narration.ts';
import { AppError } from '../../../errors.ts';
import type { FfmpegStatus } from '../../../ffmpeg-status.ts';
import type { JobEvents } from '../../../jobs/job-events.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { Books } from '../books.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import { resolveVoice } from '../cast/speakers/index.ts';
import type { UrlSigner } from '../../platform/index.ts';
import type { VoiceSynthesizer } from '../../voices/index.ts';
import type { LocalVoiceCatalog } from '../../voices/index.ts';
import type { SpeakableVoice } from '../../voices/index.ts';
import { suitedVoices } from '../../voices/index.ts';
import {
  billingForTake,
  characterCount,
  estimatedSeconds,
  quoteLines,
  takeCredits,
  type LinesQuote,
} from './narration-pricing.ts';
import { chapterStatus, countStatuses } from './narration-status.ts';
import type { NarrateOverride, NarrationInput } from './narration-job-input.ts';
import {
  DEFAULT_TRAILING_SILENCE_MS,
  DIRECTION_CHARACTERS,
  speakParagraph,
} from '../../voices/index.ts';
import type { TakeRepo } from './take-repo.ts';
import { takeRelativePath, writeTakeAudio } from './take-storage.ts';
import type { z } from 'zod';
import type { batchBody, narrateBody } from './narration-schemas.ts';

export type BatchBody = z.output<typeof batchBody>;
export type NarrateBody = z.output<typeof narrateBody>;

const ACTIVE_LINE: ReadonlySet<string> = new Set(['queued', 'narrating']);
const DEFAULT_LANGUAGE = 'en-US';

export interface NarrationDeps {
  config: EngineConfig;
  audiobook: Books;
  takes: TakeRepo;
  voices: LocalVoiceCatalog;
  synth: VoiceSynthesizer;
  ffmpeg: FfmpegStatus;
  jobs: JobRunner;
  jobEvents: JobEvents;
  urls: UrlSigner;
}

export class NarrationService {
  readonly takes: TakeRepo;

  constructor(private readonly deps: NarrationDeps) {
    this.takes = deps.takes;
    // When a narration job ends the book's status follows (it read `narrating` while the job
    // ran), and a job that ended without running its lines (cancelled while queued, failed by
    // recovery) must not leave them `queued`.
    deps.jobEvents.subscribe((event) => {
      if (event.job.type !== JOB_TYPES.narration) return;
      if (!['job.completed', 'job.cancelled', 'job.failed'].includes(event.event)) return;
      const input = event.job.input as Partial<NarrationInput> | null;
      if (!input?.project_id) return;
      if (input.paragraph_ids) this.releaseLines(input.project_id, input.paragraph_ids);
      this.refreshProject(input.project_id);
    });
  }

  private get repos() {
    return this.deps.audiobook.repos;
  }

  private project(ownerId: string, projectId: string): ProjectRow {
    return this.deps.audiobook.projects.require(ownerId, projectId);
  }

  private requireRights(project: ProjectRow): void {
    if (project.rightsAttestedAt === null)
      throw new AppError(
        'RIGHTS_NOT_ATTESTED',
        'Attest that you hold the rights to this book before narrating it (POST .../rights-attestation).',
      );
  }

  // ---- batch ------------------------------------------------------------------------------

  async batch(ownerId: string, projectId: string, body: BatchBody) {
    let project = this.project(ownerId, projectId);
    this.requireRights(project);
    if (body.voice_id !== undefined) this.requireVoice(body.voice_id);
    if (this.repos.bookJobs.active(project.id, [JOB_TYPES.export]).length > 0)
      throw new AppError('conflict', 'The book is being exported; narrate after the export ends.');
    // Rule: multi_voice is saved on the book before the run reads voices.
    if (body.multi_voice !== undefined && body.multi_voice !== project.multiVoice) {
      this.deps.audiobook.cast.setMultiVoice(project, body.multi_voice);
      project = this.project(ownerId, projectId);
    }
    const chapters = this.selectChapters(project, body.chapter_ids);
    let lines = this.repos.chapters.bookParagraphs(
      project.id,
      chapters.map((c) => c.id),
    );
    if (body.paragraph_ids?.length) {
      const wanted = new Set(body.paragraph_ids);
      const known = new Set(lines.map((p) => p.id));
      const missing = body.paragraph_ids.filter((id) => !known.has(id));
      if (missing.length > 0)
        throw new AppError(
          'not_found',
          `${missing.length} paragraph id(s) are not in the selection.`,
          {
            details: { paragraph_ids: missing.slice(0, 20) },
          },
        );
      lines = lines.filter((p) => wanted.has(p.id));
    }
    const skippedChapters = new Set(chapters.filter((c) => c.skipNarration).map((c) => c.id));
    const skipped = { completed: 0, locked: 0, skip_narration: 0, in_progress: 0 };
    const chosen: ParagraphRow[] = [];
    for (const line of lines) {
      if (line.skipNarration || skippedChapters.has(line.chapterId)) skipped.skip_narration += 1;
      else if (ACTIVE_LINE.has(line.status)) skipped.in_progress += 1;
      // A locked line with audio is protected from regeneration (rule 6); one without is narrated.
      else if (line.locked && line.audioKey !== null) skipped.locked += 1;
      else if (line.status === 'completed' && !body.include_completed) skipped.completed += 1;
      else chosen.push(line);
    }
    if (chosen.length === 0)
      throw new AppError(
        'empty_selection',
        skipped.completed > 0
          ? 'Every selected paragraph already has audio. Send include_completed: true to narrate them again.'
          : 'Nothing to narrate in this selection.',
        { details: { skipped } },
      );
    const estimate = quoteLines(chosen, project.speed);
    const input: NarrationInput = {
      project_id: project.id,
      paragraph_ids: chosen.map((p) => p.id),
      batch_voice_id: body.voice_id ?? null,
      override: null,
    };
    const job = await this.deps.jobs.create(ownerId, JOB_TYPES.narration, input);
    this.queueLines(project, chosen);
    return {
      job_id: job.id,
      project_id: project.id,
      status: 'queued' as const,
      multi_voice: project.multiVoice,
      total_paragraphs: chosen.length,
      total_characters: estimate.characters,
      estimated_credits: estimate.credits,
      estimated_seconds: estimate.seconds,
      skipped,
    };
  }

  private selectChapters(project: ProjectRow, ids: string[] | undefined): ChapterRow[] {
    if (!ids?.length) return this.repos.chapters.listChapters(project.id);
    const found = this.repos.chapters.chaptersByIds(project.id, ids);
    if (found.length !== new Set(ids).size) {
      const known = new Set(found.map((c) => c.id));
      throw new AppError('not_found', 'Some chapter ids are not chapters of this book.', {
        details: { chapter_ids: ids.filter((id) => !known.has(id)).slice(0, 20) },
      });
    }
    return found;
  }

  // ---- single paragraph -------------------------------------------------------------------

  async narrateOne(ownerId: string, projectId: string, paragraphId: string, body: NarrateBody) {
    const project = this.project(ownerId, projectId);
    this.requireRights(project);
    const line = this.repos.chapters.paragraph(project.id, paragraphId);
    if (!line) throw new AppError('not_found', `Paragraph ${paragraphId} not found.`);
    if (line.locked)
      throw new AppError('conflict', 'This paragraph is locked; unlock it to narrate it.');
    if (ACTIVE_LINE.has(line.status))
      throw new AppError('conflict', 'This paragraph is already queued or being narrated.');
    if (body.voice_id !== undefined) this.requireVoice(body.voice_id);
    const text = body.text ?? line.text;
    const chars = characterCount(text);
    const billing = billingForTake(line.takeCount);
    const override: NarrateOverride = { paragraph_id: line.id, ...body };
    const input: NarrationInput = {
      project_id: project.id,
      paragraph_ids: [line.id],
      batch_voice_id: null,
      override,
    };
    const job = await this.deps.jobs.create(ownerId, JOB_TYPES.narration, input);
    this.queueLines(project, [line]);
    const words = text.split(/\s+/).filter(Boolean).length;
    return {
      task_id: job.id,
      paragraph_id: line.id,
      status: 'queued' as const,
      service: {
        is_free_regen: billing === 'free_regen',
        estimated_credits: takeCredits(chars, billing),
        estimated_chars: chars,
        estimated_seconds: estimatedSeconds(words, body.speed ?? line.speed ?? project.speed),
        take_number_after: this.nextTakeNumber(line.id),
      },
    };
  }

  private nextTakeNumber(paragraphId: string): number {
    const takes = this.takes.list(paragraphId);
    return (takes.at(-1)?.takeNumber ?? 0) + 1;
  }

  /** Credits a job's lines will cost at most (its reservation). */
  quote(input: NarrationInput): LinesQuote {
    const project = this.repos.projects.get(input.project_id);
    const lines = this.repos.chapters.paragraphsByIds(input.paragraph_ids);
    return quoteLines(lines, project?.speed ?? 1, input.override?.text);
  }

  // ---- statuses ---------------------------------------------------------------------------

  private queueLines(project: ProjectRow, lines: ParagraphRow[]): void {
    this.repos.chapters.updateParagraphs(
      lines.map((p) => p.id),
      { status: 'queued', errorMessage: null },
    );
    this.refreshChapters(project.id, new Set(lines.map((p) => p.chapterId)));
    this.refreshProject(project.id);
  }

  /** Lines of an ended job still `queued`/`narrating` go back to what they were. */
  releaseLines(projectId: string, paragraphIds: readonly string[]): number {
    const stuck = this.repos.chapters
      .paragraphsByIds([...paragraphIds])
      .filter((p) => p.projectId === projectId && ACTIVE_LINE.has(p.status));
    for (const line of stuck)
      this.repos.chapters.updateParagraph(line.id, {
        status: line.audioKey ? 'completed' : 'pending',
      });
    if (stuck.length > 0) {
      this.refreshChapters(projectId, new Set(stuck.map((p) => p.chapterId)));
      this.refreshProject(projectId);
    }
    return stuck.length;
  }

  setLineStatus(line: ParagraphRow, status: 'narrating' | 'failed', errorMessage?: string): void {
    this.repos.chapters.updateParagraph(line.id, {
      status,
      ...(status === 'failed' && { errorMessage: errorMessage ?? 'narration failed' }),
    });
    this.refreshChapters(line.projectId, new Set([line.chapterId]));
  }

  refreshChapters(projectId: string, chapterIds: ReadonlySet<string>): void {
    for (const chapterId of chapterIds) {
      const chapter = this.repos.chapters.chapter(projectId, chapterId);
      if (!chapter) continue;
      const lines = this.repos.chapters.paragraphs(chapterId).filter((p) => !p.skipNarration);
      const counts = countStatuses(lines.map((p) => p.status));
      const status = chapter.skipNarration ? 'pending' : chapterStatus(counts);
      const seconds =
        status === 'completed' ? lines.reduce((s, p) => s + (p.durationSeconds ?? 0), 0) : null;
      const failed = lines.find((p) => p.status === 'failed');
      this.repos.chapters.updateChapter(chapter.id, {
        status,
        durationSeconds:
          seconds === null ? chapter.durationSeconds : Math.round(seconds * 1000) / 1000,
        failureReason: status === 'failed' ? (failed?.errorMessage ?? 'a paragraph failed') : null,
      });
    }
  }

  /** The book: `narrating` while narration jobs run, `narrated` once every line has audio. */
  refreshProject(projectId: string): void {
    const project = this.repos.projects.get(projectId);
    if (!project || project.status === 'parsing' || project.status === 'draft') return;
    const lines = this.repos.chapters.narratedParagraphs(projectId);
    const counts = countStatuses(lines.map((p) => p.status));
    const active = this.repos.bookJobs.active(projectId, [JOB_TYPES.narration]).length > 0;
    const now = new Date().toISOString();
    if (active || counts.queued + counts.narrating > 0) {
      this.repos.projects.update(projectId, {
        status: 'narrating',
        narrationStartedAt: project.narrationStartedAt ?? now,
      });
    } else if (counts.total > 0 && counts.completed === counts.total) {
      this.repos.projects.update(projectId, {
        status: 'narrated',
        narrationCompletedAt: project.narrationCompletedAt ?? now,
      });
    } else {
      this.repos.projects.update(projectId, {
        status: 'ready_for_narration',
        narrationCompletedAt: null,
      });
    }
  }

  // ---- one line into a take ----------------------------------------------------------------

  requireVoice(id: number): SpeakableVoice {
    const voice = this.deps.voices.get('', id);
    if (!voice)
      throw new AppError('voice_not_found', `No voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return voice;
  }

  /** The book's default narrator when no voice is set anywhere: the best voice for its language. */
  defaultVoice(language: string): SpeakableVoice {
    const voices = this.deps.voices.list();
    const chosen =
      suitedVoices(voices, language)[0] ?? voices.find((v) => v.name === 'en-us') ?? voices[0];
    if (!chosen) throw new AppError('voice_not_found', 'No voice is available.');
    return chosen;
  }

  /** Narrates one line into a new take (which becomes the active one). */
  async narrateLine(
    project: ProjectRow,
    line: ParagraphRow,
    options: {
      batchVoiceId: number | null;
      override: NarrateOverride | null;
      jobId: number;
      signal: AbortSignal;
    },
  ): Promise<TakeRow> {
    const { override } = options;
    const ctx = this.deps.audiobook.cast.voiceContext(project);
    const characterName = override?.character_name ?? line.characterName;
    const resolved = resolveVoice({
      multiVoice: project.multiVoice,
      narrateVoiceId: override?.voice_id ?? null,
      batchVoiceId: options.batchVoiceId,
      paragraphVoiceId: line.voiceId,
      paragraphVoiceSetByUser: line.voiceSetBy === 'user' || line.locked,
      castVoiceId: characterName ? ctx.castVoice(characterName) : null,
      hasCharacter: Boolean(characterName),
      chapterVoiceId: ctx.chapterVoice(line.chapterId),
      projectVoiceId: ctx.projectVoiceId,
    });
    const language = project.language ?? DEFAULT_LANGUAGE;
    const voice =
      resolved.voiceId === null ? this.defaultVoice(language) : this.requireVoice(resolved.voiceId);
    const text = override?.text ?? line.text;
    const speed = override?.speed ?? line.speed ?? project.speed;
    const emotion = override?.emotion ?? line.emotion;
    const direction = (override?.direction ?? line.direction).slice(0, DIRECTION_CHARACTERS);
    const style = override?.narration_style ?? line.deliveryStyle ?? project.narrationStyle;
    const trailingSilenceMs = line.trailingSilenceMs ?? DEFAULT_TRAILING_SILENCE_MS;
    const audio = await speakParagraph(this.deps.synth, {
      text,
      language,
      voice,
      speed,
      emotion,
      direction,
      style,
      pronunciations: this.repos.production.pronunciations(project.id),
      trailingSilenceMs,
      signal: options.signal,
    });
    const ffmpeg = await this.deps.ffmpeg.require();
    const takeId = randomUUID();
    const relative = takeRelativePath(project.id, line.id, takeId);
    await writeTakeAudio(ffmpeg, this.deps.config.home, relative, audio, options.signal);
    const characters = characterCount(text);
    const billing = billingForTake(line.takeCount);
    const take = this.takes.insert({
      id: takeId,
      projectId: project.id,
      paragraphId: line.id,
      jobId: options.jobId,
      voiceId: voice.id,
      engine: voice.engine,
      engineVoice: voice.engineVoice,
      text,
      settings: {
        speed,
        emotion,
        direction,
        narration_style: style,
        character_name: characterName ?? null,
        trailing_silence_ms: trailingSilenceMs,
        voice_source: resolved.source === 'none' ? 'default' : resolved.source,
        dropped_hints: audio.dropped,
      },
      audioPath: relative,
      sampleRate: audio.sampleRate,
      durationSeconds: audio.durationSeconds,
      timings: audio.timings,
      characters,
      credits: takeCredits(characters, billing),
      billing,
    });
    // Voices sent with the request are saved on the line (voice order: "narration saves the voice
    // it used"); voices derived from the chapter, book or cast are not pinned (docs/api/narration.md).
    const save = resolved.source === 'narrate' || resolved.source === 'batch';
    this.repos.chapters.updateParagraph(line.id, {
      status: 'completed',
      errorMessage: null,
      audioKey: take.id,
      durationSeconds: take.durationSeconds,
      takeCount: line.takeCount + 1,
      ...(save &&
        line.voiceSetBy !== 'user' && { voiceId: voice.id, voiceSetBy: 'narration' as const }),
    });
    this.refreshChapters(project.id, new Set([line.chapterId]));
    return take;
  }

  // ---- progress and cancel -----------------------------------------------------------------

  progress(ownerId: string, projectId: string) {
    const project = this.project(ownerId, projectId);
    const active = this.repos.bookJobs.active(project.id, [JOB_TYPES.narration]);
    const lines = this.repos.chapters.narratedParagraphs(project.id);
    const counts = countStatuses(lines.map((p) => p.status));
    const chapters = this.repos.chapters.listChapters(project.id).filter((c) => !c.skipNarration);
    const byChapter = new Map<string, ParagraphRow[]>();
    for (const line of lines) {
      const group = byChapter.get(line.chapterId);
      if (group) group.push(line);
      else byChapter.set(line.chapterId, [line]);
    }
    const eta = active.reduce<number | null>(
      (max, job) => (job.etaSeconds === null ? max : Math.max(max ?? 0, job.etaSeconds)),
      null,
    );
    return {
      project_id: project.id,
      status: (counts.narrating > 0 || active.some((j) => j.status === 'running')
        ? 'narrating'
        : active.length > 0
          ? 'queued'
          : 'idle') as 'idle' | 'queued' | 'narrating',
      job_ids: active.map((j) => j.id),
      percent: counts.total === 0 ? 0 : Math.round((counts.completed / counts.total) * 1000) / 10,
      total_paragraphs: counts.total,
      completed: counts.completed,
      failed: counts.failed,
      queued: counts.queued,
      narrating: counts.narrating,
      pending: counts.pending,
      narrated_seconds:
        Math.round(
          lines.reduce((s, p) => s + (p.status === 'completed' ? (p.durationSeconds ?? 0) : 0), 0) *
            10,
        ) / 10,
      eta_seconds: eta === null ? null : Math.round(eta),
      current_paragraph_id: lines.find((p) => p.status === 'narrating')?.id ?? null,
      chapters: chapters.map((c) => {
        const mine = countStatuses((byChapter.get(c.id) ?? []).map((p) => p.status));
        return {
          chapter_id: c.id,
          chapter_number: c.chapterNumber,
          title: c.title,
          status: c.status,
          total_paragraphs: mine.total,
          completed: mine.completed,
          failed: mine.failed,
        };
      }),
    };
  }

  cancel(ownerId: string, projectId: string) {
    const project = this.project(ownerId, projectId);
    const active = this.repos.bookJobs.active(project.id, [JOB_TYPES.narration]);
    let released = 0;
    for (const job of active) {
      this.deps.jobs.cancel(job.id);
      const input = job.input as NarrationInput;
      released += this.repos.chapters
        .paragraphsByIds(input.paragraph_ids)
        .filter((p) => ACTIVE_LINE.has(p.status)).length;
    }
    return {
      project_id: project.id,
      cancelled_job_ids: active.map((j) => j.id),
      paragraphs_released: released,
    };
  }

  // ---- takes ---------------------------------------------------------------------------------

  private line(ownerId: string, projectId: string, paragraphId: string): ParagraphRow {
    const project = this.project(ownerId, projectId);
    const line = this.repos.chapters.paragraph(project.id, paragraphId);
    if (!line) throw new AppError('not_found', `Paragraph ${paragraphId} not found.`);
    return line;
  }

  private takeView(take: TakeRow, activeId: string | null) {
    const signed = this.deps.urls.sign({
      path: path.join(this.deps.config.home, take.audioPath),
      filename: `take-${take.takeNumber}.flac`,
      contentType: 'audio/flac',
    });
    return {
      take_id: take.id,
      take_number: take.takeNumber,
      paragraph_id: take.paragraphId,
      is_active: take.id === activeId,
      voice_id: take.voiceId,
      engine: take.engine,
      text: take.text,
      settings: take.settings,
      duration_seconds: Math.round(take.durationSeconds * 1000) / 1000,
      sample_rate: take.sampleRate,
      characters: take.characters,
      credits: take.credits,
      billing: take.billing,
      job_id: take.jobId,
      created_at: take.createdAt,
      audio_url: signed.url,
      timings: (
        take.timings as {
          kind: 'word' | 'sentence';
          textOffset: number;
          textLength: number;
          startSeconds: number;
        }[]
      ).map((t) => ({
        kind: t.kind,
        text_offset: t.textOffset,
        text_length: t.textLength,
        start_seconds: Math.round(t.startSeconds * 1000) / 1000,
      })),
    };
  }

  listTakes(ownerId: string, projectId: string, paragraphId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    return {
      paragraph_id: line.id,
      active_take_id: line.audioKey,
      takes: this.takes.list(line.id).map((t) => this.takeView(t, line.audioKey)),
    };
  }

  activateTake(ownerId: string, projectId: string, paragraphId: string, takeId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    if (line.locked)
      throw new AppError('conflict', 'This paragraph is locked; unlock it to change its take.');
    if (ACTIVE_LINE.has(line.status))
      throw new AppError('conflict', 'This paragraph is being narrated; pick a take when it ends.');
    const take = this.takes.get(line.id, takeId);
    if (!take) throw new AppError('not_found', `Take ${takeId} not found.`);
    this.repos.chapters.updateParagraph(line.id, {
      audioKey: take.id,
      durationSeconds: take.durationSeconds,
      status: 'completed',
      errorMessage: null,
    });
    this.refreshChapters(line.projectId, new Set([line.chapterId]));
    this.refreshProject(line.projectId);
    return {
      paragraph_id: line.id,
      active_take_id: take.id,
      duration_seconds: take.durationSeconds,
    };
  }

  /** Absolute path of a take's audio (for the download route and the export). */
  takeFile(take: TakeRow): string {
    return path.join(this.deps.config.home, take.audioPath);
  }

  takeAudio(ownerId: string, projectId: string, paragraphId: string, takeId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    const take = this.takes.get(line.id, takeId);
    if (!take) throw new AppError('not_found', `Take ${takeId} not found.`);
    return {
      path: this.takeFile(take),
      name: `paragraph-${line.position}-take-${take.takeNumber}.flac`,
    };
  }
}
