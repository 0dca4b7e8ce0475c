/**
 * Chapter-extraction eval: runs extractManuscript over every book in
 * <dataDir>/books/{epub,pdf,docx,txt} and prints, per book, the detected chapter count (kind
 * 'chapter') against the true count (chapters-truth.ts), and how much front/back matter was
 * left in narration.
 *
 * Front-matter share, measured in words: the paragraphs of all sections are laid end to end in
 * book order and tokenised (letters and digits, lower-cased). The truth gives the first and last
 * words of the narrated text; every token before the first occurrence of bodyStart or after the
 * last occurrence of bodyEnd is front/back matter (title page, contents, Gutenberg header and
 * licence, imprint, transcriber's notes). share = front/back-matter tokens inside 'chapter'
 * sections ÷ all front/back-matter tokens. Text an extractor drops entirely counts on neither
 * side. The reverse error is printed too: narrated-text tokens that landed in skippable sections.
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractManuscript } from '../../engine/src/libraries/manuscript/index.ts';
import type { ExtractedBook } from '../../engine/src/libraries/manuscript/index.ts';
import { CHAPTER_TRUTH, type ChapterTruth } from './chapters-truth.ts';

const FORMATS = ['epub', 'pdf', 'docx', 'txt'] as const;

function tokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function findSequence(hay: string[], needle: string[], last: boolean): number {
  if (!needle.length) return -1;
  const matchesAt = (i: number): boolean => needle.every((t, k) => hay[i + k] === t);
  if (last) {
    for (let i = hay.length - needle.length; i >= 0; i -= 1) if (matchesAt(i)) return i;
  } else {
    for (let i = 0; i + needle.length <= hay.length; i += 1) if (matchesAt(i)) return i;
  }
  return -1;
}

export interface MatterMeasure {
  matterWords: number;
  leakedWords: number;
  bodyWords: number;
  lostBodyWords: number;
}

/** See the file comment; null when the truth's start or end words are not found. */
export function measureMatter(book: ExtractedBook, truth: ChapterTruth): MatterMeasure | null {
  const words: string[] = [];
  const narrated: boolean[] = [];
  for (const chapter of book.chapters) {
    for (const p of chapter.paragraphs) {
      for (const t of tokens(p)) {
        words.push(t);
        narrated.push(chapter.kind === 'chapter');
      }
    }
  }
  const start = findSequence(words, tokens(truth.bodyStart), false);
  const endAt = findSequence(words, tokens(truth.bodyEnd), true);
  if (start < 0 || endAt < 0) return null;
  const end = endAt + tokens(truth.bodyEnd).length;
  const m: MatterMeasure = { matterWords: 0, leakedWords: 0, bodyWords: 0, lostBodyWords: 0 };
  narrated.forEach((isNarrated, i) => {
    if (i < start || i >= end) {
      m.matterWords += 1;
      if (isNarrated) m.leakedWords += 1;
    } else {
      m.bodyWords += 1;
      if (!isNarrated) m.lostBodyWords += 1;
    }
  });
  return m;
}

function pct(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;
}

export async function runChapterEval(dataDir: string): Promise<void> {
  const booksDir = path.join(dataDir, 'books');
  const rows: string[][] = [];
  let exact = 0;
  let total = 0;
  let matterAll = 0;
  let leakedAll = 0;
  for (const format of FORMATS) {
    const dir = path.join(booksDir, format);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      const rel = `${format}/${name}`;
      const truth = CHAPTER_TRUTH.find((t) => t.file === rel);
      const started = performance.now();
      let book: ExtractedBook;
      try {
        book = await extractManuscript(file, { filename: name });
      } catch (error) {
        rows.push([
          rel,
          'ERROR',
          truth ? String(truth.chapters) : '?',
          '✗',
          (error as Error).message,
          '',
          '',
          '',
        ]);
        total += truth ? 1 : 0;
        continue;
      }
      const ms = Math.round(performance.now() - started);
      const detected = book.chapters.filter((c) => c.kind === 'chapter').length;
      const ok = truth ? detected === truth.chapters : false;
      if (truth) {
        total += 1;
        if (ok) exact += 1;
      }
      const m = truth ? measureMatter(book, truth) : null;
      if (m) {
        matterAll += m.matterWords;
        leakedAll += m.leakedWords;
      }
      rows.push([
        rel,
        String(detected),
        truth ? String(truth.chapters) : '?',
        truth ? (ok ? '✓' : '✗') : '-',
        m ? String(m.matterWords) : 'n/a',
        m ? `${m.leakedWords} (${pct(m.leakedWords, m.matterWords)})` : 'n/a',
        m ? `${m.lostBodyWords} (${pct(m.lostBodyWords, m.bodyWords)})` : 'n/a',
        `${ms} ms`,
      ]);
    }
  }
  const header = [
    'book',
    'chapters',
    'true',
    'exact',
    'front/back words',
    'left in narration',
    'narration skipped',
    'time',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(
    '\nChapter extraction (kind "chapter" vs truth; front/back-matter words left in narration)\n',
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  console.log(
    `\nexact chapter count: ${exact}/${total} books; front/back matter left in narration: ` +
      `${leakedAll}/${matterAll} words (${pct(leakedAll, matterAll)})`,
  );
}
