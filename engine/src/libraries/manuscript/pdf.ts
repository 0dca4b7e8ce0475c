/**
 * PDF via pdf.js (legacy build, runs in Node without a worker): text items page by page (the
 * AbortSignal is honoured between pages), the document outline as the book's navigation, and
 * the layout logic in pdf-lines.ts / pdf-layout.ts. A damaged, truncated, encrypted or
 * image-only PDF ends in an AppError with a reason the user can act on.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError, throwIfCancelled } from '../../errors.ts';
import { PDF_LIMITS } from './limits.ts';
import { Vocabulary } from './paragraphs.ts';
import { linesToBlocks, measureLayout, removePageFurniture } from './pdf-layout.ts';
import { pageLines, type PdfItem, type PdfLine } from './pdf-lines.ts';
import { selectTocBoundaries, type TocNode } from './toc.ts';
import type { RawSection, ReaderResult } from './types.ts';

/** The narrow slice of pdf.js this reader uses (its own typings pull in DOM types). */
interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
}
interface PdfPageProxy {
  getTextContent(): Promise<{ items: PdfTextItem[] }>;
  cleanup(): void;
}
interface PdfOutlineItem {
  title: string;
  dest: string | unknown[] | null;
  items: PdfOutlineItem[];
}
interface PdfDocumentProxy {
  numPages: number;
  getPage(n: number): Promise<PdfPageProxy>;
  getOutline(): Promise<PdfOutlineItem[] | null>;
  getDestination(name: string): Promise<unknown[] | null>;
  getPageIndex(ref: unknown): Promise<number>;
  getMetadata(): Promise<{ info: Record<string, unknown> }>;
  destroy(): Promise<void>;
}
interface PdfJs {
  getDocument(params: Record<string, unknown>): {
    promise: Promise<PdfDocumentProxy>;
    destroy(): Promise<void>;
  };
}

let pdfjs: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfJs>;
  return pdfjs;
}

function assetDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
  };
}

function damaged(reason: string, cause?: unknown): AppError {
  return new AppError(
    'unsupported_media',
    `The PDF cannot be read: ${reason}. Export it again (or save it as PDF from your editor) and re-upload.`,
    cause === undefined ? {} : { cause },
  );
}

function toItems(raw: PdfTextItem[]): PdfItem[] {
  const out: PdfItem[] = [];
  for (const it of raw) {
    const t = it.transform;
    if (typeof it.str !== 'string' || !t || t.length < 6) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = t;
    if (Math.abs(b) > Math.abs(a) || Math.abs(c) > Math.abs(d)) continue; // rotated text: margins, stamps
    out.push({
      str: it.str,
      x: e,
      y: f,
      width: it.width ?? 0,
      size: Math.hypot(c, d) || Math.abs(a),
    });
  }
  return out;
}

interface Cut {
  page: number;
  top: number | null;
  title: string;
}

async function outlineCuts(doc: PdfDocumentProxy, title: string | null): Promise<Cut[]> {
  let outline: PdfOutlineItem[] | null;
  try {
    outline = await doc.getOutline();
  } catch {
    return [];
  }
  if (!outline?.length) return [];
  const resolve = async (
    item: PdfOutlineItem,
  ): Promise<TocNode<{ page: number; top: number | null }>> => {
    let target: { page: number; top: number | null } | null = null;
    try {
      const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
      if (Array.isArray(dest) && dest.length > 0) {
        const ref = dest[0];
        const page = typeof ref === 'number' ? ref : await doc.getPageIndex(ref);
        const kind = (dest[1] as { name?: string } | undefined)?.name;
        const topValue =
          kind === 'XYZ' ? dest[3] : kind === 'FitH' || kind === 'FitBH' ? dest[2] : null;
        target = { page, top: typeof topValue === 'number' ? topValue : null };
      }
    } catch {
      target = null;
    }
    return {
      title: item.title ?? '',
      target,
      children: await Promise.all((item.items ?? []).map(resolve)),
    };
  };
  const nodes = await Promise.all(outline.map(resolve));
  return selectTocBoundaries(nodes, { bookTitle: title }).map((b) => ({
    page: b.target.page,
    top: b.target.top,
    title: b.title,
  }));
}

/** Index of the first line at or after a cut (lines are in reading order). */
function lineIndexAt(lines: PdfLine[], cut: Cut): number {
  const i = lines.findIndex(
    (l) =>
      l.page > cut.page ||
      (l.page === cut.page && (cut.top === null || l.y <= cut.top + l.size * 0.5)),
  );
  return i < 0 ? lines.length : i;
}

function metaString(info: Record<string, unknown>, key: string): string | null {
  const v = info[key];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export async function readPdf(data: Buffer, signal?: AbortSignal): Promise<ReaderResult> {
  // A PDF ends with %%EOF; without it the upload was cut off and pages would silently be missing.
  if (!data.subarray(Math.max(0, data.length - 4096)).includes('%%EOF', 0, 'latin1')) {
    throw damaged(
      'the file is incomplete (it ends before the end-of-file marker; the upload may have been cut off)',
    );
  }
  const lib = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice(),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    ...assetDirs(),
  });
  let doc: PdfDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new AppError(
        'unsupported_media',
        'The PDF is password-protected; upload an unprotected copy.',
      );
    }
    throw damaged('it is damaged or not a PDF', error);
  }
  try {
    if (doc.numPages > PDF_LIMITS.maxPages) {
      throw new AppError(
        'payload_too_large',
        `The PDF has ${doc.numPages} pages; the limit is ${PDF_LIMITS.maxPages}.`,
      );
    }
    const info = (await doc.getMetadata().catch(() => ({ info: {} }))).info;
    const title = metaString(info, 'Title');
    const pages: PdfLine[][] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n += 1) {
      throwIfCancelled(signal);
      let lines: PdfLine[] = [];
      try {
        const page = await doc.getPage(n);
        lines = pageLines(toItems((await page.getTextContent()).items), n - 1);
        page.cleanup();
      } catch (error) {
        throw damaged(`page ${n} is damaged`, error);
      }
      chars += lines.reduce((s, l) => s + l.text.length, 0);
      if (chars > PDF_LIMITS.maxTextChars) {
        throw new AppError(
          'payload_too_large',
          'The PDF holds more text than a book; split it and upload the parts.',
        );
      }
      pages.push(lines);
    }
    throwIfCancelled(signal);
    const all = pages.flat();
    const layout = measureLayout(all);
    const lines = removePageFurniture(pages, layout).flat();
    const vocabulary = new Vocabulary();
    for (const l of lines) vocabulary.add(l.text);

    const result: ReaderResult = {
      title,
      author: metaString(info, 'Author'),
      language: metaString(info, 'Language'),
      sections: null,
      blocks: [],
      warnings: [],
    };
    const cuts = (await outlineCuts(doc, title))
      .map((c) => ({ ...c, at: lineIndexAt(lines, c) }))
      .sort((a, b) => a.at - b.at);
    if (cuts.length >= 2) {
      const sections: RawSection[] = [];
      if ((cuts[0]?.at ?? 0) > 0) {
        sections.push({
          title: null,
          blocks: linesToBlocks(lines.slice(0, cuts[0]?.at), layout, vocabulary),
        });
      }
      cuts.forEach((cut, k) => {
        const end = cuts[k + 1]?.at ?? lines.length;
        if (end === cut.at && cuts[k + 1]) {
          // Two entries at one place: the next one carries both titles.
          const next = cuts[k + 1];
          if (next) next.title = `${cut.title}. ${next.title}`;
          return;
        }
        sections.push({
          title: cut.title,
          blocks: linesToBlocks(lines.slice(cut.at, end), layout, vocabulary),
          fromToc: true,
        });
      });
      result.sections = sections;
    } else {
      result.blocks = linesToBlocks(lines, layout, vocabulary);
    }
    return result;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
