/**
 * Readers for the annotation formats of the attribution corpora: CSV (RFC 4180, quoted fields
 * may span lines) and the Python literals PDNC stores inside its CSV cells (`{'Lizzy', 'Eliza'}`,
 * `[[395, 414], [447, 499]]`). Pure; tolerant only as far as those files need.
 */

export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  if (header === undefined) return [];
  return body.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k] ?? ''])));
}

export type PyValue = string | number | PyValue[];

/** Parses a Python literal made of lists, sets, tuples, strings and numbers. */
export function parsePyLiteral(text: string): PyValue {
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  };
  const value = (): PyValue => {
    skip();
    const c = text[i];
    if (c === '[' || c === '{' || c === '(') {
      const close = c === '[' ? ']' : c === '{' ? '}' : ')';
      i++;
      const items: PyValue[] = [];
      skip();
      while (i < text.length && text[i] !== close) {
        items.push(value());
        skip();
        if (text[i] === ',') i++;
        skip();
      }
      i++;
      return items;
    }
    if (c === "'" || c === '"') {
      i++;
      let out = '';
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\') {
          const next = text[i + 1] ?? '';
          out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
        } else out += text[i++];
      }
      i++;
      return out;
    }
    const m = /^-?\d+(?:\.\d+)?/.exec(text.slice(i));
    if (m === null) throw new Error(`unexpected Python literal at ${i}: ${text.slice(i, i + 20)}`);
    i += m[0].length;
    return Number(m[0]);
  };
  return value();
}

export function pyStrings(value: PyValue): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [];
  return value.flatMap(pyStrings);
}

/**
 * Maps code-point offsets (Python `str` indices, brat offsets) to UTF-16 offsets (JavaScript
 * string indices). The identity when the text has no astral characters.
 */
export function codePointOffsets(text: string): (offset: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (offset) => offset;
  const map: number[] = [];
  let utf16 = 0;
  for (const ch of text) {
    map.push(utf16);
    utf16 += ch.length;
  }
  map.push(utf16);
  return (offset) => map[Math.min(offset, map.length - 1)] ?? utf16;
}
