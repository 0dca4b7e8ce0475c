/**
 * Small manuscripts generated for the manuscript tests: EPUBs and DOCX files zipped with fflate,
 * PDFs written object by object (Helvetica, one text line per Tj, optional outline). Nothing
 * third-party is committed; real books are read through realData().
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

export interface FixtureChapter {
  title: string;
  paragraphs: string[];
}

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function zip(files: Array<[string, string | Uint8Array]>, storeFirst = false): Buffer {
  const entries: Zippable = {};
  files.forEach(([name, data], i) => {
    const bytes = typeof data === 'string' ? strToU8(data) : data;
    entries[name] = storeFirst && i === 0 ? [bytes, { level: 0 }] : bytes;
  });
  return Buffer.from(zipSync(entries));
}

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

export interface EpubOptions {
  title?: string;
  author?: string;
  language?: string;
  /** 'epub3' nav document, 'ncx' (EPUB 2), or none at all. */
  nav?: 'epub3' | 'ncx' | 'none';
  spine?: boolean;
  /** Put every chapter in one file, reached through #fragment anchors. */
  oneFile?: boolean;
  /** Add a title page, a contents page and Gutenberg-style header/licence files. */
  matter?: boolean;
}

function xhtml(body: string, bodyType = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>x</title><style>p{}</style></head>
<body${bodyType ? ` epub:type="${bodyType}"` : ''}>${body}</body></html>`;
}

export function makeEpub(chapters: FixtureChapter[], options: EpubOptions = {}): Buffer {
  const {
    title = 'The Test Book',
    author = 'Ada Writer',
    language = 'en',
    nav = 'epub3',
  } = options;
  const docs: Array<{
    id: string;
    href: string;
    body: string;
    type?: string;
    navTitle?: string;
    anchor?: string;
  }> = [];
  if (options.matter) {
    docs.push({
      id: 'header',
      href: 'header.xhtml',
      body: `<section class="pg-boilerplate" id="pg-header"><h2>The Project Gutenberg eBook of ${esc(title)}</h2><p>This ebook is for the use of anyone anywhere in the United States and most other parts of the world at no cost. You may copy it under the terms of the Project Gutenberg License included with this ebook or online at www.gutenberg.org.</p><p>*** START OF THE PROJECT GUTENBERG EBOOK ${esc(title.toUpperCase())} ***</p></section>`,
    });
    docs.push({
      id: 'title',
      href: 'title.xhtml',
      body: `<h1>${esc(title)}</h1><p>by ${esc(author)}</p>`,
      type: 'frontmatter',
      navTitle: title,
    });
    docs.push({
      id: 'toc',
      href: 'contents.xhtml',
      body: `<h2>Contents</h2>${chapters.map((c) => `<p>${esc(c.title)}</p>`).join('')}`,
      navTitle: 'Contents',
    });
  }
  if (options.oneFile) {
    docs.push({
      id: 'text',
      href: 'text.xhtml',
      body: chapters
        .map(
          (c, i) =>
            `<div class="chapter"><h2 id="ch${i + 1}">${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</div>`,
        )
        .join(''),
    });
  } else {
    chapters.forEach((c, i) =>
      docs.push({
        id: `c${i + 1}`,
        href: `c${i + 1}.xhtml`,
        body: `<section epub:type="chapter"><h2>${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}</section>`,
        navTitle: c.title,
      }),
    );
  }
  if (options.matter) {
    docs.push({
      id: 'footer',
      href: 'footer.xhtml',
      body: `<section class="pg-boilerplate" id="pg-footer"><p>*** END OF THE PROJECT GUTENBERG EBOOK ${esc(title.toUpperCase())} ***</p><h2 id="license">THE FULL PROJECT GUTENBERG LICENSE</h2><p>To protect the Project Gutenberg mission of promoting the free distribution of electronic works, by using or distributing this work you agree to comply with all the terms of the Full Project Gutenberg License.</p></section>`,
      navTitle: 'THE FULL PROJECT GUTENBERG LICENSE',
      anchor: 'license',
    });
  }
  const navEntries: Array<{ title: string; href: string }> = [];
  for (const d of docs) {
    if (d.id === 'text') {
      chapters.forEach((c, i) =>
        navEntries.push({ title: c.title, href: `text.xhtml#ch${i + 1}` }),
      );
    } else if (d.navTitle) {
      navEntries.push({ title: d.navTitle, href: d.anchor ? `${d.href}#${d.anchor}` : d.href });
    }
  }
  const manifest = docs
    .map((d) => `<item id="${d.id}" href="${d.href}" media-type="application/xhtml+xml"/>`)
    .concat(
      nav === 'epub3'
        ? ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>']
        : [],
    )
    .concat(
      nav === 'ncx'
        ? ['<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>']
        : [],
    )
    .join('');
  const spine =
    options.spine === false
      ? ''
      : `<spine${nav === 'ncx' ? ' toc="ncx"' : ''}>${docs.map((d) => `<itemref idref="${d.id}"/>`).join('')}</spine>`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:x</dc:identifier>
<dc:title>${esc(title)}</dc:title><dc:creator>${esc(author)}</dc:creator><dc:language>${language}</dc:language></metadata>
<manifest>${manifest}</manifest>${spine}</package>`;
  const files: Array<[string, string]> = [
    ['mimetype', 'application/epub+zip'],
    ['META-INF/container.xml', CONTAINER],
    ['OEBPS/content.opf', opf],
  ];
  if (nav === 'epub3') {
    files.push([
      'OEBPS/nav.xhtml',
      xhtml(
        `<nav epub:type="toc"><ol>${navEntries.map((e) => `<li><a href="${e.href}">${esc(e.title)}</a></li>`).join('')}</ol></nav>`,
      ),
    ]);
  }
  if (nav === 'ncx') {
    files.push([
      'OEBPS/toc.ncx',
      `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>${navEntries
        .map(
          (e, i) =>
            `<navPoint id="n${i}" playOrder="${i + 1}"><navLabel><text>${esc(e.title)}</text></navLabel><content src="${e.href}"/></navPoint>`,
        )
        .join('')}</navMap></ncx>`,
    ]);
  }
  for (const d of docs) files.push([`OEBPS/${d.href}`, xhtml(d.body, d.type)]);
  return zip(files, true);
}

export interface DocxParagraph {
  text: string;
  style?: string;
  pageBreakBefore?: boolean;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export function makeDocx(
  paragraphs: DocxParagraph[],
  meta: { title?: string; creator?: string; lang?: string } = {},
): Buffer {
  const body = paragraphs
    .map((p) => {
      const props = [
        p.style ? `<w:pStyle w:val="${p.style}"/>` : '',
        p.pageBreakBefore ? '<w:pageBreakBefore/>' : '',
      ].join('');
      const runs = p.text
        .split('\n')
        .map(
          (line, i) =>
            `${i ? '<w:r><w:br/></w:r>' : ''}<w:r><w:t xml:space="preserve">${esc(line)}</w:t></w:r>`,
        )
        .join('');
      return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${runs}</w:p>`;
    })
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ],
    [
      'docProps/core.xml',
      `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(meta.title ?? 'A Word Book')}</dc:title><dc:creator>${esc(meta.creator ?? 'Ada Writer')}</dc:creator></cp:coreProperties>`,
    ],
    [
      'word/styles.xml',
      `<?xml version="1.0"?><w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="${meta.lang ?? 'en-GB'}"/></w:rPr></w:rPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="Überschrift 1"/></w:style>
<w:style w:type="paragraph" w:styleId="ChapterHead"><w:name w:val="Chapter Head"/><w:basedOn w:val="Heading1"/></w:style></w:styles>`,
    ],
    [
      'word/document.xml',
      `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>`,
    ],
  ]);
}

export interface PdfText {
  text: string;
  x: number;
  y: number;
  size: number;
}

export interface PdfOutlineEntry {
  title: string;
  page: number; // 0-based
  top: number;
  children?: PdfOutlineEntry[];
}

/** WinAnsi bytes for the typographic characters the fixtures use, as octal escapes. */
const WIN_ANSI: Record<string, string> = {
  '‘': '\\221',
  '’': '\\222',
  '“': '\\223',
  '”': '\\224',
  '–': '\\226',
  '—': '\\227',
};

function pdfString(text: string): string {
  return text
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x20-\x7e]/g, (c) => WIN_ANSI[c] ?? '?');
}

/** A PDF with Helvetica text placed exactly where given, one page per array, optional outline. */
export function makePdf(
  pages: PdfText[][],
  outline: PdfOutlineEntry[] = [],
  info: { title?: string; author?: string } = {},
): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => {
    objects.push(body);
    return objects.length;
  };
  const catalogId = add('');
  const pagesId = add('');
  const fontId = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const pageIds: number[] = [];
  for (const page of pages) {
    const stream = page
      .map((t) => `BT /F1 ${t.size} Tf 1 0 0 1 ${t.x} ${t.y} Tm (${pdfString(t.text)}) Tj ET`)
      .join('\n');
    const contentId = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let outlineRef = '';
  if (outline.length) {
    const outlinesId = add('');
    const build = (
      entries: PdfOutlineEntry[],
      parent: number,
    ): { first: number; last: number; count: number } => {
      const ids = entries.map(() => add(''));
      let count = 0;
      entries.forEach((e, i) => {
        const id = ids[i] as number;
        const kids = e.children?.length ? build(e.children, id) : null;
        count += 1 + (kids?.count ?? 0);
        objects[id - 1] =
          `<< /Title (${pdfString(e.title)}) /Parent ${parent} 0 R /Dest [${pageIds[e.page]} 0 R /XYZ 0 ${e.top} 0]` +
          (i > 0 ? ` /Prev ${ids[i - 1]} 0 R` : '') +
          (i < ids.length - 1 ? ` /Next ${ids[i + 1]} 0 R` : '') +
          (kids ? ` /First ${kids.first} 0 R /Last ${kids.last} 0 R /Count ${kids.count}` : '') +
          ' >>';
      });
      return { first: ids[0] as number, last: ids[ids.length - 1] as number, count };
    };
    const top = build(outline, outlinesId);
    objects[outlinesId - 1] =
      `<< /Type /Outlines /First ${top.first} 0 R /Last ${top.last} 0 R /Count ${top.count} >>`;
    outlineRef = ` /Outlines ${outlinesId} 0 R`;
  }
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R${outlineRef} >>`;
  const infoId = add(
    `<< ${info.title ? `/Title (${pdfString(info.title)}) ` : ''}${info.author ? `/Author (${pdfString(info.author)}) ` : ''}>>`,
  );
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Lays out a typeset book: running header, page number footer, indented paragraphs, wrapped lines. */
export function typesetPages(
  chapters: Array<{ heading: string; lines: Array<{ text: string; indent?: boolean }> }>,
  linesPerPage = 30,
): { pages: PdfText[][]; outline: PdfOutlineEntry[] } {
  const pages: PdfText[][] = [];
  const outline: PdfOutlineEntry[] = [];
  let pageNo = 0;
  for (const chapter of chapters) {
    let page: PdfText[] = [{ text: chapter.heading, x: 72, y: 640, size: 24 }];
    outline.push({ title: chapter.heading, page: pages.length, top: 680 });
    let y = 600;
    let count = 0;
    const finish = (): void => {
      pageNo += 1;
      page.push({ text: String(pageNo), x: 300, y: 50, size: 11 });
      pages.push(page);
    };
    for (const line of chapter.lines) {
      if (count === linesPerPage) {
        finish();
        page = [
          { text: `${chapter.heading.toUpperCase()} ${pageNo + 1}`, x: 72, y: 740, size: 11 },
        ];
        y = 700;
        count = 0;
      }
      page.push({ text: line.text, x: line.indent ? 90 : 72, y, size: 11 });
      y -= 14;
      count += 1;
    }
    finish();
  }
  return { pages, outline };
}
