/**
 * Turns one XHTML content document (an EPUB spine item) into blocks: paragraphs, headings, table
 * rows, list items. Keeps what navigation needs (element ids) and what classification needs
 * (epub:type, Project Gutenberg boilerplate classes); drops what must never be narrated: page
 * numbers, note references, scripts, styles, image alternates.
 */
import type { Block, SectionKind } from './types.ts';
import { parseXml, type XElement } from './xml.ts';

const BLOCK_TAGS = new Set(
  (
    'p div h1 h2 h3 h4 h5 h6 li dt dd blockquote pre tr caption figcaption section article ' +
    'header footer aside main body ul ol dl table tbody thead tfoot hgroup figure address ' +
    'center hr nav details summary fieldset form legend html'
  ).split(' '),
);

const SKIP_TAGS = new Set(
  (
    'head script style template noscript svg math object iframe video audio rt rp select ' +
    'button textarea input'
  ).split(' '),
);

/** epub:type / role values whose text is never narration. */
const SKIP_TYPES =
  /\b(noteref|pagebreak|doc-noteref|doc-pagebreak|doc-backlink|footnote|rearnote|annoref)\b/;
const SKIP_CLASSES =
  /\b(pagenum|pageno|page-?number|pgnum|page-break|footnote-?ref|noteref|fnref)\b/i;

const MATTER: Record<string, SectionKind> = {
  frontmatter: 'front_matter',
  backmatter: 'back_matter',
  bodymatter: 'chapter',
};

/** Structural epub:type values worth remembering for classification. */
const SEMANTIC =
  /\b(titlepage|halftitlepage|imprint|copyright-page|colophon|uncopyright|toc|landmarks|loi|lot|dedication|epigraph|foreword|preface|introduction|prologue|epilogue|afterword|acknowledgments|appendix|endnotes|footnotes|rearnotes|index|glossary|bibliography|chapter|part|volume|division|conclusion|other-credits|contributors|seriespage|errata|z3998:fiction)\b/;

interface Context {
  heading?: number;
  semantic?: string;
  matter?: SectionKind;
  pre: boolean;
}

export interface HtmlBlocks {
  blocks: Block[];
  /** Ids seen after the last block (they point at the end of the document). */
  trailingAnchors: string[];
  /** The document's declared language (html@lang / xml:lang). */
  language: string | null;
}

export function htmlToBlocks(xhtml: string): HtmlBlocks {
  const root = parseXml(xhtml, { xml: false });
  const blocks: Block[] = [];
  let text = '';
  let ctx: Context = { pre: false };
  let pendingAnchors: string[] = [];
  let blockAnchors: string[] = [];
  let language: string | null = null;
  let first = true;

  const flush = (): void => {
    const trimmed = ctx.pre ? text.replace(/^\n+|\s+$/g, '') : text.trim();
    if (trimmed) {
      const block: Block = { text: trimmed };
      if (ctx.heading) block.heading = ctx.heading;
      if (ctx.semantic) block.semantic = ctx.semantic;
      if (ctx.matter) block.matter = ctx.matter;
      if (blockAnchors.length) block.anchors = blockAnchors;
      if (first) block.breakBefore = true;
      if (ctx.pre) block.preformatted = true;
      first = false;
      blocks.push(block);
      blockAnchors = [];
    }
    text = '';
  };

  const walk = (el: XElement, inherited: Context): void => {
    const name = el.name;
    if (SKIP_TAGS.has(name)) return;
    const type = `${el.attrs['epub:type'] ?? ''} ${el.attrs['role'] ?? ''}`;
    const cls = el.attrs['class'] ?? '';
    if (SKIP_TYPES.test(type) || SKIP_CLASSES.test(cls)) return;
    if (
      name === 'a' &&
      /^#/.test(el.attrs['href'] ?? '') &&
      /^\s*[[(]?[\d*†‡§]{1,4}[\])]?\s*$/.test(textContent(el))
    ) {
      return; // a bare footnote marker linked within the book
    }
    if (!language && (name === 'html' || name === 'body')) {
      language = el.attrs['xml:lang'] ?? el.attrs['lang'] ?? null;
    }
    const here: Context = { ...inherited };
    const semantic = SEMANTIC.exec(type)?.[1];
    if (semantic) here.semantic = semantic;
    if (/\bpg-boilerplate\b/.test(cls) || /^pg-(header|footer)$/.test(el.attrs['id'] ?? '')) {
      here.semantic = 'pg-boilerplate';
    }
    const matter = /\b(frontmatter|backmatter|bodymatter)\b/.exec(type)?.[1];
    if (matter) here.matter = MATTER[matter];
    const level = /^h([1-6])$/.exec(name)?.[1];
    if (level) here.heading = Number(level);
    // Headings split across elements: <hgroup><h2>I</h2><p epub:type="title">…</p></hgroup>.
    if (name === 'hgroup') here.heading = inherited.heading ?? 6;
    if (
      !here.heading &&
      /\b(title|subtitle)\b/.test(type) &&
      (name === 'p' || name === 'span' || name === 'div')
    ) {
      here.heading = 6;
    }
    if (name === 'pre') here.pre = true;
    const id = el.attrs['id'];
    const isBlock = BLOCK_TAGS.has(name);

    if (isBlock) {
      flush();
      ctx = here;
    }
    if (id) {
      if (text.trim()) pendingAnchors.push(id);
      else blockAnchors.push(id);
    }
    if (name === 'br') {
      text += '\n';
      return;
    }
    if (name === 'img') return;
    for (const child of el.children) {
      if (child.type === 'text') {
        if (!text.trim() && child.text.trim() && pendingAnchors.length) {
          blockAnchors.push(...pendingAnchors);
          pendingAnchors = [];
        }
        text += child.text;
      } else {
        walk(child, here);
      }
    }
    if (isBlock) {
      flush();
      ctx = inherited;
      blockAnchors.push(...pendingAnchors);
      pendingAnchors = [];
    } else if (name === 'td' || name === 'th') {
      text += ' ';
    }
  };

  walk(root, ctx);
  flush();
  return { blocks, trailingAnchors: [...blockAnchors, ...pendingAnchors], language };
}

function textContent(el: XElement): string {
  return el.children.map((c) => (c.type === 'text' ? c.text : textContent(c))).join('');
}
