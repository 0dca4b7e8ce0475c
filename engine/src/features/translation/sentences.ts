/**
 * Text cut into what a translation model takes at once: sentences (ICU's sentence breaks, for
 * the source language), each with the whitespace around it kept aside so the translated text
 * keeps the original's paragraphs and line breaks. A "sentence" longer than `maxChars` (a
 * run-on line, a list without full stops) is cut again at clause punctuation or spaces: the
 * models were trained on sentences and drift or stop early on much longer inputs.
 */

export interface TextPart {
  text: string;
  /** False for the whitespace between sentences, which is copied as it is. */
  translate: boolean;
}

export const MAX_SENTENCE_CHARS = 400;

function cutLong(sentence: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const clause = Math.max(
      ...[', ', '; ', ': ', '، ', '，', '、'].map((p) => window.lastIndexOf(p)),
    );
    const space = window.lastIndexOf(' ');
    const at = clause > maxChars / 3 ? clause + 1 : space > maxChars / 3 ? space : maxChars;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

/** The text as translatable sentences and the whitespace between them, in order. */
export function splitSentences(
  text: string,
  locale: string,
  maxChars = MAX_SENTENCE_CHARS,
): TextPart[] {
  const parts: TextPart[] = [];
  const segmenter = new Intl.Segmenter(safeLocale(locale), { granularity: 'sentence' });
  for (const { segment } of segmenter.segment(text)) {
    const lead = /^\s*/.exec(segment)?.[0] ?? '';
    const trail = /\s*$/.exec(segment.slice(lead.length))?.[0] ?? '';
    const body = segment.slice(lead.length, segment.length - trail.length);
    if (lead) parts.push({ text: lead, translate: false });
    cutLong(body, maxChars).forEach((piece, i) => {
      if (i > 0) parts.push({ text: ' ', translate: false });
      parts.push({ text: piece, translate: true });
    });
    if (trail) parts.push({ text: trail, translate: false });
  }
  return parts;
}

/** Puts translated sentences back between the original whitespace. */
export function joinSentences(parts: readonly TextPart[], translated: readonly string[]): string {
  let next = 0;
  return parts.map((p) => (p.translate ? (translated[next++] ?? '') : p.text)).join('');
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
