/**
 * Projects (document 2, "Projects"): create, list, read, change, delete, the rights attestation,
 * the cost estimate and the dashboard. Every read is scoped to its owner: another user's project
 * answers 404 exactly like a missing one.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { paginate } from '../../../api/pagination.ts';
import { PAYG_INFO } from '../../billing/index.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import type { CreateProjectBody, UpdateProjectBody } from './project-schemas.ts';
import {
  estimateMinutes,
  PRICE_USD_PER_MINUTE,
  round1,
  round2,
  WORDS_PER_MINUTE,
} from '../text-stats.ts';
import { chapterView, projectView, type ChapterJson } from './views.ts';
import type { LineStaleness } from '../status/line-staleness.ts';

/** What the project service needs from the cast when character voices are switched. */
export interface MultiVoiceSwitch {
  /** Saves multi_voice and applies cast rules 2–4; returns the number of voices picked. */
  setMultiVoice(project: ProjectRow, on: boolean): number;
  /** 404 `voice_not_found` unless the voice is in the owner's catalog. */
  checkVoice(ownerId: string, voiceId: number): void;
}

export interface ProjectListFilter {
  page: number;
  per_page: number;
  search?: string | undefined;
  status?: string | undefined;
}

/** The owner's project, else 404: another user's project is as missing as none. */
export function requireOwnedProject(repo: ProjectRepo, ownerId: string, id: string): ProjectRow {
  const row = repo.owned(ownerId, id);
  if (!row) throw new AppError('not_found', `Project ${id} not found.`);
  return row;
}

/** Credits for a price in USD at the pay-as-you-go rate (document 1, "Pay-as-you-go info"). */
export function usdToCredits(usd: number): number {
  return Math.ceil(usd * PAYG_INFO.credits_per_dollar - 1e-9);
}

export class ProjectService {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly bookJobs: BookJobs,
    private readonly jobs: JobRunner,
    private readonly cast: MultiVoiceSwitch,
    private readonly staleness: LineStaleness,
    /** Removes the book's audio and exports from disk (project-files.ts). */
    private readonly removeFiles: (projectId: string) => void = () => {},
  ) {}

  /** The owner's project, else 404. */
  require(ownerId: string, id: string): ProjectRow {
    return requireOwnedProject(this.projects, ownerId, id);
  }

  chapterViews(project: ProjectRow): ChapterJson[] {
    const rows = this.chapters.listChapters(project.id);
    const stats = this.chapters.chapterStats(rows.map((r) => r.id));
    const stale = this.staleness.perChapter(project);
    return rows.map((row) =>
      chapterView(
        row,
        stats.get(row.id) ?? { paragraphs: 0, words: 0, characters: 0 },
        project.speed,
        stale.get(row.id) ?? 0,
      ),
    );
  }

  view(project: ProjectRow, includeChapters = false) {
    return projectView(
      project,
      this.projects.totalsOf(project.id),
      includeChapters ? this.chapterViews(project) : null,
      this.staleCount(project),
    );
  }

  /** The book's stale lines, the chapters' `stale_paragraphs` summed (skipped ones never count). */
  private staleCount(project: ProjectRow): number {
    let count = 0;
    for (const n of this.staleness.perChapter(project).values()) count += n;
    return count;
  }

  create(ownerId: string, body: CreateProjectBody) {
    if (typeof body.selected_voice_id === 'number')
      this.cast.checkVoice(ownerId, body.selected_voice_id);
    const at = new Date().toISOString();
    const row = this.projects.insert({
      id: randomUUID(),
      ownerId,
      title: body.title,
      author: body.author ?? '',
      narrator: body.narrator ?? '',
      publisher: body.publisher ?? '',
      description: body.description ?? '',
      isbn: body.isbn ?? '',
      genre: body.genre ?? '',
      selectedVoiceId: body.selected_voice_id ?? null,
      language: body.language ?? null,
      speed: body.speed ?? 1,
      narrationStyle: body.narration_style ?? 'narrative',
      exportFormat: body.export_format ?? 'acx',
      targetPlatform: body.target_platform ?? 'audible',
      status: 'draft',
      createdAt: at,
      updatedAt: at,
    });
    if (body.multi_voice) this.cast.setMultiVoice(row, true);
    return this.view(this.require(ownerId, row.id));
  }

  list(ownerId: string, filter: ProjectListFilter) {
    const { rows, total } = this.projects.list(
      ownerId,
      { search: filter.search, status: filter.status },
      filter.per_page,
      (filter.page - 1) * filter.per_page,
    );
    const totals = this.projects.totals(rows.map((r) => r.id));
    return {
      projects: rows.map((row) =>
        projectView(
          row,
          totals.get(row.id) ?? this.projects.totalsOf(row.id),
          null,
          this.staleCount(row),
        ),
      ),
      ...paginate(total, filter.page, filter.per_page),
    };
  }

  get(ownerId: string, id: string, includeChapters: boolean) {
    return this.view(this.require(ownerId, id), includeChapters);
  }

  update(ownerId: string, id: string, body: UpdateProjectBody) {
    const project = this.require(ownerId, id);
    if (typeof body.selected_voice_id === 'number')
      this.cast.checkVoice(ownerId, body.selected_voice_id);
    const updated =
      this.projects.update(project.id, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.author !== undefined && { author: body.author }),
        ...(body.narrator !== undefined && { narrator: body.narrator }),
        ...(body.publisher !== undefined && { publisher: body.publisher }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.isbn !== undefined && { isbn: body.isbn }),
        ...(body.genre !== undefined && { genre: body.genre }),
        ...(body.selected_voice_id !== undefined && { selectedVoiceId: body.selected_voice_id }),
        ...(body.language !== undefined && { language: body.language }),
        ...(body.speed !== undefined && { speed: body.speed }),
        ...(body.narration_style !== undefined && { narrationStyle: body.narration_style }),
        ...(body.export_format !== undefined && { exportFormat: body.export_format }),
        ...(body.target_platform !== undefined && { targetPlatform: body.target_platform }),
      }) ?? project;
    if (body.multi_voice !== undefined) this.cast.setMultiVoice(updated, body.multi_voice);
    return this.view(this.require(ownerId, id));
  }

  /** Deletes the book; its queued and running jobs are cancelled first. */
  delete(ownerId: string, id: string): void {
    const project = this.require(ownerId, id);
    for (const job of this.bookJobs.active(project.id, Object.values(JOB_TYPES))) {
      this.jobs.cancel(job.id);
    }
    this.projects.delete(project.id);
    this.removeFiles(project.id);
  }

  /** Once per book: a second attestation keeps the first time. */
  attestRights(ownerId: string, id: string): { ok: boolean; rights_attested_at: string } {
    const project = this.require(ownerId, id);
    const at = project.rightsAttestedAt ?? new Date().toISOString();
    if (project.rightsAttestedAt === null)
      this.projects.update(project.id, { rightsAttestedAt: at });
    return { ok: true, rights_attested_at: at };
  }

  costEstimate(ownerId: string, id: string) {
    const project = this.require(ownerId, id);
    const totals = this.projects.totalsOf(project.id);
    const remaining = this.projects.remaining(project.id);
    const minutes = estimateMinutes(totals.words, project.speed);
    const remainingMinutes = estimateMinutes(remaining.words, project.speed);
    const usd = minutes * PRICE_USD_PER_MINUTE;
    const remainingUsd = remainingMinutes * PRICE_USD_PER_MINUTE;
    return {
      project_id: project.id,
      total_words: totals.words,
      total_characters: totals.characters,
      words_per_minute: WORDS_PER_MINUTE,
      speed: project.speed,
      estimated_minutes: round1(minutes),
      price_usd_per_minute: PRICE_USD_PER_MINUTE,
      estimated_cost_usd: round2(usd),
      credits_per_usd: PAYG_INFO.credits_per_dollar,
      estimated_credits: usdToCredits(usd),
      remaining_words: remaining.words,
      remaining_characters: remaining.characters,
      remaining_minutes: round1(remainingMinutes),
      remaining_cost_usd: round2(remainingUsd),
      remaining_credits: usdToCredits(remainingUsd),
    };
  }

  dashboard(ownerId: string) {
    const rows = this.projects.allFor(ownerId);
    const totals = this.projects.totals(rows.map((r) => r.id));
    const byStatus: Record<string, number> = {};
    let chapters = 0;
    let paragraphs = 0;
    let words = 0;
    let characters = 0;
    let minutes = 0;
    let narratedSeconds = 0;
    for (const row of rows) {
      byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
      const t = totals.get(row.id);
      if (!t) continue;
      chapters += t.chapters;
      paragraphs += t.paragraphs;
      words += t.words;
      characters += t.characters;
      minutes += estimateMinutes(t.words, row.speed);
      narratedSeconds += t.narratedSeconds;
    }
    return {
      total_projects: rows.length,
      projects_by_status: byStatus,
      total_chapters: chapters,
      total_paragraphs: paragraphs,
      total_words: words,
      total_characters: characters,
      estimated_duration_minutes: round1(minutes),
      narrated_minutes: round1(narratedSeconds / 60),
      estimated_cost_usd: round2(minutes * PRICE_USD_PER_MINUTE),
      recent_projects: rows
        .slice(0, 5)
        .map((row) =>
          projectView(
            row,
            totals.get(row.id) ?? this.projects.totalsOf(row.id),
            null,
            this.staleCount(row),
          ),
        ),
    };
  }
}
