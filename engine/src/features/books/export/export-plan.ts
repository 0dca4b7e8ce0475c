/**
 * Which files an export makes, in order, from what: the narrated chapters (active takes of every
 * paragraph not skipped, in position order), split at paragraph boundaries when over 120 minutes,
 * between the opening and closing credits; and their names (docs/api/export.md, "Naming").
 * A chapter with a paragraph that has no audio (never narrated, failed, being narrated) makes
 * the book not ready: the error names those paragraphs.
 */
import type { Books } from '../books.ts';
import { AppError } from '../../../errors.ts';
import { ACX_RULES } from './acx-rules.ts';

export interface PlannedTake {
  paragraphId: string;
  file: string;
  sampleRate: number;
  seconds: number;
}

export interface PlannedFile {
  kind: 'opening_credits' | 'chapter' | 'closing_credits';
  /** Archive name, e.g. `02 - Chapter One.mp3`. */
  file: string;
  title: string;
  chapterNumber: number | null;
  part: { index: number; of: number } | null;
  /** Spoken at the start (section header or the credits' text). */
  header: string;
  takes: PlannedTake[];
}

export interface NotReadyChapter {
  chapter_id: string;
  chapter_number: number;
  title: string;
  paragraphs: { id: string; position: number; status: string }[];
}

/** Characters a file name may not carry on Windows, macOS or Linux. */
export function safeName(title: string): string {
  const cleaned = [...title]
    .map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || 'Untitled').slice(0, 80).replace(/[. ]+$/, '');
}

function chapterTakes(books: Books, projectId: string, chapterId: string) {
  const lines = books.repos.chapters.paragraphs(chapterId).filter((p) => !p.skipNarration);
  const missing: NotReadyChapter['paragraphs'] = [];
  const takes: PlannedTake[] = [];
  for (const line of lines) {
    const take = line.audioKey ? books.takes.repo.byId(line.audioKey) : undefined;
    if (!take || line.status !== 'completed' || take.projectId !== projectId) {
      missing.push({ id: line.id, position: line.position, status: line.status });
      continue;
    }
    takes.push({
      paragraphId: line.id,
      file: books.takes.file(take),
      sampleRate: take.sampleRate,
      seconds: take.durationSeconds,
    });
  }
  return { takes, missing, lines: lines.length };
}

/** Splits takes into parts of at most `maxSeconds` (a single longer paragraph stays whole). */
export function splitAtParagraphs(takes: PlannedTake[], maxSeconds: number): PlannedTake[][] {
  const parts: PlannedTake[][] = [[]];
  let seconds = 0;
  for (const take of takes) {
    const current = parts.at(-1)!;
    if (current.length > 0 && seconds + take.seconds > maxSeconds) {
      parts.push([take]);
      seconds = take.seconds;
    } else {
      current.push(take);
      seconds += take.seconds;
    }
  }
  return parts;
}

export function planExport(
  books: Books,
  projectId: string,
  options: {
    credits: { opening: string; closing: string } | null;
    longChapters: 'split' | 'reject';
    /** Seconds a chapter may hold (a little under 120 min: header and room tone count). */
    maxSeconds?: number;
    /** Only these chapters (the request's `chapter_ids`); undefined: the whole book. */
    chapterIds?: readonly string[];
  },
): PlannedFile[] {
  const maxSeconds = options.maxSeconds ?? ACX_RULES.maxChapterSeconds - 30;
  const chosen = options.chapterIds ? new Set(options.chapterIds) : null;
  const chapters = books.repos.chapters
    .listChapters(projectId)
    .filter((c) => !c.skipNarration && (chosen === null || chosen.has(c.id)));
  const notReady: NotReadyChapter[] = [];
  const tooLong: { chapter_number: number; title: string; minutes: number }[] = [];
  const body: Omit<PlannedFile, 'file'>[] = [];
  for (const chapter of chapters) {
    const { takes, missing, lines } = chapterTakes(books, projectId, chapter.id);
    if (lines === 0) continue;
    if (missing.length > 0) {
      notReady.push({
        chapter_id: chapter.id,
        chapter_number: chapter.chapterNumber,
        title: chapter.title,
        paragraphs: missing,
      });
      continue;
    }
    const title = chapter.title.trim() || `Chapter ${chapter.chapterNumber}`;
    const total = takes.reduce((s, t) => s + t.seconds, 0);
    const parts = total > maxSeconds ? splitAtParagraphs(takes, maxSeconds) : [takes];
    if (parts.length > 1 && options.longChapters === 'reject') {
      tooLong.push({
        chapter_number: chapter.chapterNumber,
        title,
        minutes: Math.round(total / 6) / 10,
      });
      continue;
    }
    parts.forEach((part, i) =>
      body.push({
        kind: 'chapter',
        title: parts.length > 1 ? `${title} (Part ${i + 1} of ${parts.length})` : title,
        chapterNumber: chapter.chapterNumber,
        part: parts.length > 1 ? { index: i + 1, of: parts.length } : null,
        header: parts.length > 1 ? `${title}, part ${i + 1}.` : `${title}.`,
        takes: part,
      }),
    );
  }
  if (notReady.length > 0) {
    const count = notReady.reduce((n, c) => n + c.paragraphs.length, 0);
    throw new AppError(
      'export_not_ready',
      `${count} paragraph(s) in ${notReady.length} chapter(s) have no narrated audio ` +
        `(chapters ${notReady.map((c) => c.chapter_number).join(', ')}); narrate them or mark them skip_narration.`,
      {
        details: {
          // The ids stop at 50 a chapter (the body stays bounded); the count never does.
          chapters: notReady.map((c) => ({
            ...c,
            missing_count: c.paragraphs.length,
            paragraphs: c.paragraphs.slice(0, 50),
          })),
        },
      },
    );
  }
  if (tooLong.length > 0)
    throw new AppError(
      'acx_noncompliant',
      `${tooLong.length} chapter(s) are longer than 120 minutes and long_chapters is "reject".`,
      { details: { chapters: tooLong } },
    );
  if (body.length === 0)
    throw new AppError(
      'export_not_ready',
      chosen
        ? 'None of the chosen chapters has narrated audio to export (all skipped or empty).'
        : 'The book has no narrated chapter to export.',
    );
  const all: Omit<PlannedFile, 'file'>[] = [
    ...(options.credits
      ? [
          {
            kind: 'opening_credits' as const,
            title: 'Opening Credits',
            chapterNumber: null,
            part: null,
            header: options.credits.opening,
            takes: [],
          },
        ]
      : []),
    ...body,
    ...(options.credits
      ? [
          {
            kind: 'closing_credits' as const,
            title: 'Closing Credits',
            chapterNumber: null,
            part: null,
            header: options.credits.closing,
            takes: [],
          },
        ]
      : []),
  ];
  const width = Math.max(2, String(all.length).length);
  return all.map((f, i) => ({
    ...f,
    file: `${String(i + 1).padStart(width, '0')} - ${safeName(f.title)}.mp3`,
  }));
}
