/**
 * Word documents (.docx, WordprocessingML): paragraphs in body order, heading levels from the
 * paragraph style (its name "heading N", "Title", or an outline level, following basedOn),
 * page breaks kept as a signal. Deleted revisions, field codes, footnote references and
 * alternate content are skipped; tables are read row by row.
 */
import { AppError, throwIfCancelled } from '../../errors.ts';
import type { Block, ReaderResult } from './types.ts';
import { openZip } from './zip.ts';
import {
  attr,
  childElements,
  findAll,
  findFirst,
  localName,
  parseXml,
  textOf,
  type XElement,
} from './xml.ts';

interface StyleInfo {
  name: string;
  outline: number | null;
  basedOn: string | null;
}

function readStyles(xml: string | null): {
  styles: Map<string, StyleInfo>;
  language: string | null;
} {
  const styles = new Map<string, StyleInfo>();
  if (!xml) return { styles, language: null };
  const root = parseXml(xml, { xml: true });
  for (const style of findAll(root, 'style')) {
    const id = attr(style, 'styleId');
    if (!id) continue;
    const name = attr(findFirst(style, 'name') ?? style, 'val') ?? id;
    const outline = findFirst(style, 'outlineLvl');
    const basedOn = findFirst(style, 'basedOn');
    styles.set(id, {
      name,
      outline: outline ? Number(attr(outline, 'val')) : null,
      basedOn: basedOn ? (attr(basedOn, 'val') ?? null) : null,
    });
  }
  const defaults = findFirst(root, 'docDefaults');
  const lang = defaults ? findFirst(defaults, 'lang') : undefined;
  return { styles, language: lang ? (attr(lang, 'val') ?? null) : null };
}

/** Heading level of a style: 1.. for headings, 0 for the document title, null for body text. */
function styleLevel(id: string | null, styles: Map<string, StyleInfo>, depth = 0): number | null {
  if (!id || depth > 10) return null;
  const style = styles.get(id);
  const name = (style?.name ?? id).toLowerCase().replace(/\s+/g, ' ');
  if (/^title$|^titel$|^titolo$|^titre$/.test(name)) return 0;
  const heading =
    /^(heading|überschrift|titolo|titre|título|kop) ?(\d)$/.exec(name) ?? /^heading(\d)$/i.exec(id);
  if (heading) return Number(heading[heading.length - 1]);
  if (style?.outline !== null && style?.outline !== undefined && style.outline < 9)
    return style.outline + 1;
  return styleLevel(style?.basedOn ?? null, styles, depth + 1);
}

const SKIP = new Set([
  'del',
  'delText',
  'instrText',
  'footnoteReference',
  'endnoteReference',
  'commentReference',
  'Fallback',
  'proofErr',
  'bookmarkStart',
  'bookmarkEnd',
  'rPr',
  'pPr',
  'sectPr',
]);

function paragraphText(p: XElement): { text: string; pageBreak: boolean } {
  let text = '';
  let pageBreak = false;
  const walk = (el: XElement): void => {
    for (const child of el.children) {
      if (child.type === 'text') continue;
      const name = localName(child.name);
      if (SKIP.has(name)) continue;
      if (name === 't') text += textOf(child);
      else if (name === 'tab') text += ' ';
      else if (name === 'noBreakHyphen') text += '-';
      else if (name === 'softHyphen') text += '\u00AD';
      else if (name === 'br' || name === 'cr') {
        if (attr(child, 'type') === 'page') pageBreak = true;
        else text += '\n';
      } else if (name === 'lastRenderedPageBreak') continue;
      else walk(child);
    }
  };
  walk(p);
  return { text, pageBreak };
}

function coreProperty(xml: string | null, local: string): string | null {
  if (!xml) return null;
  const el = findFirst(parseXml(xml, { xml: true }), local);
  const value = el ? textOf(el).trim() : '';
  return value || null;
}

function documentPath(rels: string | null): string {
  if (!rels) return 'word/document.xml';
  const root = parseXml(rels, { xml: true });
  for (const rel of findAll(root, 'Relationship')) {
    if (/officeDocument$/.test(attr(rel, 'Type') ?? '')) {
      return (attr(rel, 'Target') ?? 'word/document.xml').replace(/^\//, '');
    }
  }
  return 'word/document.xml';
}

export async function readDocx(data: Buffer, signal?: AbortSignal): Promise<ReaderResult> {
  const zip = openZip(data, 'Word document');
  const types = zip.readText('[Content_Types].xml');
  const mainPath = documentPath(zip.readText('_rels/.rels'));
  const documentXml = zip.readText(mainPath);
  if (!documentXml || (types && !/wordprocessingml/.test(types))) {
    throw new AppError(
      'unsupported_media',
      'This .docx file is not a Word document (it has no document body); save it from Word as .docx and re-upload.',
    );
  }
  throwIfCancelled(signal);
  const { styles, language: styleLanguage } = readStyles(zip.readText('word/styles.xml'));
  const root = parseXml(documentXml, { xml: true });
  const body = findFirst(root, 'body');
  const blocks: Block[] = [];
  let pendingBreak = false;
  let count = 0;

  const visitParagraph = (p: XElement): void => {
    const pPr = childElements(p).find((c) => localName(c.name) === 'pPr');
    const styleId = pPr ? (attr(findFirst(pPr, 'pStyle') ?? pPr, 'val') ?? null) : null;
    const outlineEl = pPr ? findFirst(pPr, 'outlineLvl') : undefined;
    let level = styleLevel(styleId, styles);
    if (outlineEl) {
      const v = Number(attr(outlineEl, 'val'));
      if (v >= 0 && v < 9) level = v + 1;
    }
    const breakBefore =
      pendingBreak || (pPr ? findFirst(pPr, 'pageBreakBefore') !== undefined : false);
    const { text, pageBreak } = paragraphText(p);
    if (text.trim()) {
      const block: Block = { text: text.trim() };
      if (level !== null) block.heading = level;
      if (breakBefore) block.breakBefore = true;
      if (styleId) block.semantic = `docx:${styleId}`;
      blocks.push(block);
      pendingBreak = false;
    } else if (breakBefore) {
      pendingBreak = true;
    }
    if (pageBreak) pendingBreak = true;
  };

  const visit = (el: XElement): void => {
    for (const child of childElements(el)) {
      const name = localName(child.name);
      if (name === 'p') {
        visitParagraph(child);
        count += 1;
        if (count % 2000 === 0) throwIfCancelled(signal);
      } else if (name === 'sectPr') {
        pendingBreak = true;
      } else if (!SKIP.has(name)) {
        visit(child); // tables, rows, cells, content controls, inserted revisions
      }
    }
  };
  if (body) visit(body);

  const core = zip.readText('docProps/core.xml');
  return {
    title: coreProperty(core, 'title'),
    author: coreProperty(core, 'creator'),
    language: coreProperty(core, 'language') ?? styleLanguage,
    sections: null,
    blocks,
    warnings: [],
  };
}
