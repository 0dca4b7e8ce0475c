/**
 * A minimal element tree over htmlparser2's forgiving parser, for the XML and XHTML parts of
 * EPUB and DOCX files. Real-world e-books carry stray entities and unclosed tags; the parser
 * never throws on them, so a malformed part degrades to less text rather than a crash.
 */
import { Parser } from 'htmlparser2';

export interface XElement {
  type: 'element';
  /** Tag name: case kept in XML mode (`w:p`, `navPoint`), lower-cased in HTML mode. */
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
}

export interface XText {
  type: 'text';
  text: string;
}

export type XNode = XElement | XText;

/**
 * `xml: true` for package/WordprocessingML parts (case-sensitive, XML entities only);
 * `xml: false` for XHTML content documents, where HTML named entities (&nbsp;) occur.
 */
export function parseXml(source: string, options: { xml: boolean }): XElement {
  const root: XElement = { type: 'element', name: '#root', attrs: {}, children: [] };
  const stack: XElement[] = [root];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const el: XElement = { type: 'element', name, attrs, children: [] };
        stack[stack.length - 1]?.children.push(el);
        stack.push(el);
      },
      ontext(text) {
        const parent = stack[stack.length - 1];
        if (!parent) return;
        const last = parent.children[parent.children.length - 1];
        if (last?.type === 'text') last.text += text;
        else parent.children.push({ type: 'text', text });
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    {
      xmlMode: options.xml,
      decodeEntities: true,
      recognizeSelfClosing: true,
      lowerCaseTags: !options.xml,
      lowerCaseAttributeNames: !options.xml,
    },
  );
  parser.write(source);
  parser.end();
  return root;
}

/** The local part of a possibly prefixed name: `dc:title` → `title`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function childElements(el: XElement): XElement[] {
  return el.children.filter((c): c is XElement => c.type === 'element');
}

/** Depth-first search for elements whose local name matches. */
export function findAll(el: XElement, local: string, out: XElement[] = []): XElement[] {
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    if (localName(child.name).toLowerCase() === local.toLowerCase()) out.push(child);
    findAll(child, local, out);
  }
  return out;
}

export function findFirst(el: XElement, local: string): XElement | undefined {
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    if (localName(child.name).toLowerCase() === local.toLowerCase()) return child;
    const deeper = findFirst(child, local);
    if (deeper) return deeper;
  }
  return undefined;
}

export function textOf(node: XNode): string {
  if (node.type === 'text') return node.text;
  return node.children.map(textOf).join('');
}

/** Attribute lookup that ignores a namespace prefix (`epub:type`, `opf:role`). */
export function attr(el: XElement, local: string): string | undefined {
  if (el.attrs[local] !== undefined) return el.attrs[local];
  const wanted = local.toLowerCase();
  for (const [key, value] of Object.entries(el.attrs)) {
    if (localName(key).toLowerCase() === wanted) return value;
  }
  return undefined;
}
