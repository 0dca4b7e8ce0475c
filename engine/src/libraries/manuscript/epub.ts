/**
 * EPUB 2 and 3: container.xml → package document (metadata, manifest, spine) → content
 * documents in spine order, cut into chapters at the entries of the book's own navigation
 * (EPUB 3 nav, else the EPUB 2 NCX). Without usable navigation the blocks are sectioned by
 * their headings. Issue 5 item 2: "EPUB spine and navigation".
 */
import path from 'node:path/posix';
import { AppError, throwIfCancelled } from '../../errors.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { selectTocBoundaries, type TocNode } from './toc.ts';
import type { Block, RawSection, ReaderResult } from './types.ts';
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
import { openZip, type ZipArchive } from './zip.ts';

interface ManifestItem {
  id: string;
  href: string; // zip path
  mediaType: string;
  properties: string;
}

interface Target {
  doc: string; // zip path
  fragment: string | null;
}

function invalid(reason: string): AppError {
  return new AppError('unsupported_media', `This EPUB cannot be read: ${reason}.`);
}

function resolveHref(base: string, href: string): Target {
  const [file = '', fragment] = href.split('#');
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    // keep the raw name
  }
  const doc = decoded
    ? path.normalize(path.join(path.dirname(base), decoded)).replace(/^\.\//, '')
    : base;
  return { doc, fragment: fragment ? fragment : null };
}

function packagePath(zip: ZipArchive): string {
  const container = zip.readText('META-INF/container.xml');
  if (container) {
    const rootfile = findFirst(parseXml(container, { xml: true }), 'rootfile');
    const full = rootfile ? attr(rootfile, 'full-path') : undefined;
    if (full && zip.find(full)) return zip.find(full)?.name ?? full;
  }
  const opf = [...zip.entries.keys()].find((name) => name.toLowerCase().endsWith('.opf'));
  if (!opf) throw invalid('it has no package document (content.opf)');
  return opf;
}

function metadataText(meta: XElement | undefined, local: string): string | null {
  if (!meta) return null;
  const els = findAll(meta, local);
  // Prefer the author role when creators are tagged (EPUB 2 opf:role="aut").
  const preferred = els.find((e) => (attr(e, 'role') ?? 'aut') === 'aut') ?? els[0];
  const value = preferred ? textOf(preferred).replace(/\s+/g, ' ').trim() : '';
  return value || null;
}

function navFromXhtml(xhtml: string, base: string): TocNode<Target>[] {
  const root = parseXml(xhtml, { xml: false });
  const navs = findAll(root, 'nav');
  const toc =
    navs.find((n) => /\btoc\b/.test(n.attrs['epub:type'] ?? '') || n.attrs['role'] === 'doc-toc') ??
    navs[0];
  const list = toc ? (findFirst(toc, 'ol') ?? findFirst(toc, 'ul')) : undefined;
  if (!list) return [];
  const readList = (ol: XElement): TocNode<Target>[] =>
    childElements(ol)
      .filter((li) => li.name === 'li')
      .map((li) => {
        const link = childElements(li).find((c) => c.name === 'a' || c.name === 'span');
        const sub = childElements(li).find((c) => c.name === 'ol' || c.name === 'ul');
        const href = link?.name === 'a' ? link.attrs['href'] : undefined;
        return {
          title: link ? textOf(link).replace(/\s+/g, ' ').trim() : '',
          target: href ? resolveHref(base, href) : null,
          children: sub ? readList(sub) : [],
        };
      });
  return readList(list);
}

function navFromNcx(xml: string, base: string): TocNode<Target>[] {
  const root = parseXml(xml, { xml: true });
  const map = findFirst(root, 'navMap');
  if (!map) return [];
  const readPoints = (el: XElement): TocNode<Target>[] =>
    childElements(el)
      .filter((c) => localName(c.name) === 'navPoint')
      .map((point) => {
        const label = findFirst(point, 'text');
        const content = childElements(point).find((c) => localName(c.name) === 'content');
        const src = content ? attr(content, 'src') : undefined;
        return {
          title: label ? textOf(label).replace(/\s+/g, ' ').trim() : '',
          target: src ? resolveHref(base, src) : null,
          children: readPoints(point),
        };
      });
  return readPoints(map);
}

interface Position {
  doc: number;
  block: number;
}

export async function readEpub(data: Buffer, signal?: AbortSignal): Promise<ReaderResult> {
  const zip = openZip(data, 'EPUB');
  const opfPath = packagePath(zip);
  const opfText = zip.readText(opfPath);
  if (!opfText) throw invalid('its package document is missing');
  const opf = parseXml(opfText, { xml: true });
  const meta = findFirst(opf, 'metadata');
  const manifest = new Map<string, ManifestItem>();
  for (const item of findAll(findFirst(opf, 'manifest') ?? opf, 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (!id || !href) continue;
    manifest.set(id, {
      id,
      href: resolveHref(opfPath, href).doc,
      mediaType: attr(item, 'media-type') ?? '',
      properties: attr(item, 'properties') ?? '',
    });
  }
  const spineEl = findFirst(opf, 'spine');
  const itemrefs = spineEl ? findAll(spineEl, 'itemref') : [];
  if (!spineEl || itemrefs.length === 0) throw invalid('it has no spine (reading order)');
  const spine = itemrefs
    .filter((ref) => attr(ref, 'linear') !== 'no')
    .map((ref) => manifest.get(attr(ref, 'idref') ?? ''))
    .filter((item): item is ManifestItem => !!item && /x?html/.test(item.mediaType));
  if (!spine.length) throw invalid('its spine lists no readable documents');

  // Content documents in reading order, with every element id mapped to a block position.
  const docs: Block[][] = [];
  const docIndex = new Map<string, number>();
  const anchors = new Map<string, Position>();
  let docLanguage: string | null = null;
  for (const item of spine) {
    throwIfCancelled(signal);
    const xhtml = zip.readText(item.href);
    if (xhtml === null) continue;
    const { blocks, trailingAnchors, language } = htmlToBlocks(xhtml);
    const d = docs.length;
    docIndex.set(item.href, d);
    docs.push(blocks);
    docLanguage = docLanguage ?? language;
    blocks.forEach((b, i) => {
      for (const id of b.anchors ?? []) anchors.set(`${item.href}#${id}`, { doc: d, block: i });
    });
    for (const id of trailingAnchors)
      anchors.set(`${item.href}#${id}`, { doc: d, block: blocks.length });
  }
  if (!docs.length) throw invalid('none of its spine documents could be found in the file');

  const title = metadataText(meta, 'title');
  const result: ReaderResult = {
    title,
    author: metadataText(meta, 'creator'),
    language: metadataText(meta, 'language') ?? docLanguage,
    sections: null,
    blocks: docs.flat(),
    warnings: [],
  };

  const navItem = [...manifest.values()].find((m) => /\bnav\b/.test(m.properties));
  const ncxId = spineEl ? attr(spineEl, 'toc') : undefined;
  const ncxItem =
    (ncxId ? manifest.get(ncxId) : undefined) ??
    [...manifest.values()].find((m) => m.mediaType === 'application/x-dtbncx+xml');
  let nav: TocNode<Target>[] = [];
  if (navItem) {
    const text = zip.readText(navItem.href);
    if (text) nav = navFromXhtml(text, navItem.href);
  }
  if (nav.length < 2 && ncxItem) {
    const text = zip.readText(ncxItem.href);
    if (text) nav = navFromNcx(text, ncxItem.href);
  }
  const position = (t: Target): Position | null => {
    const d = docIndex.get(t.doc);
    if (d === undefined) return null;
    if (t.fragment) return anchors.get(`${t.doc}#${t.fragment}`) ?? { doc: d, block: 0 };
    return { doc: d, block: 0 };
  };
  const boundaries = selectTocBoundaries(nav, {
    bookTitle: title,
    childLeavesParent: (parent, child) =>
      !!parent.target && !!child.target && parent.target.doc !== child.target.doc,
  })
    .map((b) => ({ title: b.title, pos: position(b.target) }))
    .filter((b): b is { title: string; pos: Position } => b.pos !== null);
  if (boundaries.length < 2) {
    result.warnings.push(
      'The EPUB has no usable table of contents; chapters were found from its headings.',
    );
    return result;
  }
  result.sections = cutAtPositions(docs, boundaries);
  return result;
}

/** Splits the documents at navigation positions; several entries at one position share it. */
function cutAtPositions(
  docs: Block[][],
  boundaries: Array<{ title: string; pos: Position }>,
): RawSection[] {
  const flatIndex = (p: Position): number =>
    docs.slice(0, p.doc).reduce((n, d) => n + d.length, 0) +
    Math.min(p.block, docs[p.doc]?.length ?? 0);
  const blocks = docs.flat();
  const starts = new Map<number, string[]>();
  for (const b of boundaries) {
    const at = flatIndex(b.pos);
    const titles = starts.get(at) ?? [];
    if (b.title && !titles.includes(b.title)) titles.push(b.title);
    starts.set(at, titles);
  }
  const sorted = [...starts.keys()].sort((a, b) => a - b);
  const sections: RawSection[] = [];
  if ((sorted[0] ?? 0) > 0) sections.push({ title: null, blocks: blocks.slice(0, sorted[0]) });
  sorted.forEach((start, k) => {
    const end = sorted[k + 1] ?? blocks.length;
    const slice = blocks.slice(start, end);
    sections.push({
      title: (starts.get(start) ?? []).join('. ').replace(/\.\. /g, '. ') || null,
      blocks: slice,
      kindHint: slice.find((b) => b.matter)?.matter,
      fromToc: true,
    });
  });
  return sections;
}
