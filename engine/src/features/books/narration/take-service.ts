/**
 * The take history of a line (docs/api/narration.md, "Takes"): every narration kept, listed with
 * signed audio URLs and word timings, one made active again, its audio served.
 */
import path from 'node:path';
import type { EngineConfig } from '../../../config.ts';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import type { TakeRow } from '../../../db/schema/narration.ts';
import { AppError } from '../../../errors.ts';
import type { UrlSigner } from '../../platform/index.ts';
import type { Books } from '../books.ts';
import { ACTIVE_LINE } from './line-states.ts';
import type { TakeRepo } from './take-repo.ts';

export class TakeService {
  constructor(
    readonly repo: TakeRepo,
    private readonly deps: { config: EngineConfig; urls: UrlSigner; books: Books },
  ) {}

  private line(ownerId: string, projectId: string, paragraphId: string): ParagraphRow {
    const project = this.deps.books.projects.require(ownerId, projectId);
    const line = this.deps.books.repos.chapters.paragraph(project.id, paragraphId);
    if (!line) throw new AppError('not_found', `Paragraph ${paragraphId} not found.`);
    return line;
  }

  private takeView(ownerId: string, take: TakeRow, activeId: string | null) {
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
      // The name the studio shows (a take's voice may be of another language than the book's, or
      // one of the owner's own); null once the voice is gone from the catalog.
      voice_name:
        this.deps.books.deps.voices.catalog.get(ownerId, take.voiceId)?.displayName ?? null,
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

  list(ownerId: string, projectId: string, paragraphId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    return {
      paragraph_id: line.id,
      active_take_id: line.audioKey,
      takes: this.repo.list(line.id).map((t) => this.takeView(ownerId, t, line.audioKey)),
    };
  }

  activate(ownerId: string, projectId: string, paragraphId: string, takeId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    if (line.locked)
      throw new AppError('conflict', 'This paragraph is locked; unlock it to change its take.');
    if (ACTIVE_LINE.has(line.status))
      throw new AppError('conflict', 'This paragraph is being narrated; pick a take when it ends.');
    const take = this.repo.get(line.id, takeId);
    if (!take) throw new AppError('not_found', `Take ${takeId} not found.`);
    this.deps.books.lineStatus.takeActivated(line, take);
    return {
      paragraph_id: line.id,
      active_take_id: take.id,
      duration_seconds: take.durationSeconds,
    };
  }

  /** Absolute path of a take's audio (for the download route and the export). */
  file(take: TakeRow): string {
    return path.join(this.deps.config.home, take.audioPath);
  }

  audio(ownerId: string, projectId: string, paragraphId: string, takeId: string) {
    const line = this.line(ownerId, projectId, paragraphId);
    const take = this.repo.get(line.id, takeId);
    if (!take) throw new AppError('not_found', `Take ${takeId} not found.`);
    return {
      path: this.file(take),
      name: `paragraph-${line.position}-take-${take.takeNumber}.flac`,
    };
  }
}
