/**
 * Writes an extracted book into a project: the one path shared by manuscript parse and append
 * (a job), paste and generate. The chapters land in one transaction, so a failure leaves the
 * book as it was (document 2, "Project status": an append that fails keeps the existing book);
 * a re-parse deletes the old chapters in that same transaction, only once the new ones are read.
 */
import type { Db } from '../../../db/client.ts';
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { ChapterRepo, NewChapter } from '../chapters/chapter-repo.ts';
import type { ExtractedBook } from '../../../libraries/manuscript/index.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { normalizeLocale } from '../projects/project-schemas.ts';
import type { BookStatus } from '../status/book-status.ts';

export type ImportMode = 'parse' | 'reparse' | 'append';

export interface ImportSource {
  filename: string | null;
  fileType: string;
  fileKey: string | null;
}

export interface ImportOptions {
  mode: ImportMode;
  source: ImportSource;
  detectSpeakers: boolean;
  /** true/false: switch character voices (cast rules 2–4); undefined: leave as it is. */
  multiVoice: boolean | undefined;
  /** The parse job writing the book (makes a re-run after a crash write nothing twice). */
  jobId?: number;
}

export interface ImportResult {
  chaptersAdded: number;
  speakersDetected: number;
  warnings: string[];
}

/** The cast's part of an import (cast-service.ts): speakers, then cast rows and picks. */
export interface SpeakerPass {
  afterImport(
    project: ProjectRow,
    options: { detectSpeakers: boolean; multiVoice: boolean | undefined },
  ): Promise<{ speakersDetected: number }>;
}

/** Region a bare language tag gets (the project's language is locale form, document 2). */
const DEFAULT_REGIONS: Record<string, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
  pt: 'pt-BR',
  nl: 'nl-NL',
  pl: 'pl-PL',
  ru: 'ru-RU',
  sv: 'sv-SE',
  da: 'da-DK',
  fi: 'fi-FI',
  ja: 'ja-JP',
  zh: 'zh-CN',
  ko: 'ko-KR',
};

export function bookLocale(language: string | null): string | null {
  if (!language) return null;
  const tag = language.trim().replace('_', '-');
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return null;
  if (tag.includes('-')) return normalizeLocale(tag);
  return DEFAULT_REGIONS[tag.toLowerCase()] ?? tag.toLowerCase();
}

/** Chapters with text, paragraphs trimmed; front and back matter skip narration. */
export function chaptersOf(book: ExtractedBook): NewChapter[] {
  const out: NewChapter[] = [];
  for (const chapter of book.chapters) {
    const paragraphs = chapter.paragraphs.map((p) => p.trim()).filter((p) => p !== '');
    if (paragraphs.length === 0) continue;
    out.push({
      title: chapter.title.trim() || `Chapter ${out.length + 1}`,
      kind: chapter.kind,
      skipNarration: chapter.kind !== 'chapter',
      paragraphs,
    });
  }
  return out;
}

export class BookImporter {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly speakers: SpeakerPass,
    private readonly status: BookStatus,
    private readonly log: (line: string) => void,
  ) {}

  async apply(
    project: ProjectRow,
    book: ExtractedBook,
    options: ImportOptions,
  ): Promise<ImportResult> {
    const chapters = chaptersOf(book);
    if (chapters.length === 0) {
      throw new AppError(
        'unsupported_media',
        options.source.filename
          ? `No readable text was found in "${options.source.filename}".`
          : 'No readable text was found.',
      );
    }
    const keepSource = options.mode === 'append' && project.sourceFilename !== null;
    const language = project.language ?? bookLocale(book.language);
    this.db.transaction(() => {
      if (options.mode === 'reparse') this.chapters.deleteAllChapters(project.id);
      this.chapters.appendChapters(project.id, chapters);
      this.projects.update(project.id, {
        lastParseJobId: options.jobId ?? null,
        language,
        ...(project.author === '' && book.author ? { author: book.author.slice(0, 300) } : {}),
        ...(!keepSource && {
          sourceFilename: options.source.filename,
          sourceFileType: options.source.fileType,
          sourceFileKey: options.source.fileKey,
        }),
      });
    });
    const warnings = [...book.warnings];
    let speakersDetected = 0;
    try {
      const current = this.projects.get(project.id) ?? project;
      const pass = await this.speakers.afterImport(current, {
        detectSpeakers: options.detectSpeakers,
        multiVoice: options.multiVoice,
      });
      speakersDetected = pass.speakersDetected;
    } catch (error) {
      // The book is in; a speaker pass problem must not lose it. Detection can be run again.
      this.log(`audiobook: speaker pass failed for ${project.id}: ${String(error)}`);
      warnings.push('Speaker detection did not finish; run POST .../cast/detect to try again.');
    }
    this.status.parsed(project.id);
    return { chaptersAdded: chapters.length, speakersDetected, warnings };
  }
}
