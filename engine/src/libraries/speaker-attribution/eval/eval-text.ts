/**
 * Text helpers shared by the corpus loaders: paragraph splitting with offset mapping, and name
 * matching between predicted and annotated speakers.
 */
import { lexiconFor } from '../lexicon.ts';
import { sameSpeaker } from '../names.ts';

/** Lower case, punctuation and underscores to spaces, a leading article dropped. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|le|la|les|il|lo|der|die|das) /u, '');
}

/**
 * Name matching shared by the corpora: equal once normalised, else the same speaker by the
 * pass's own rules (titles must agree; "Holmes" matches "Mr Sherlock Holmes").
 */
export function namesMatch(predicted: string, gold: string, language: string): boolean {
  const p = normaliseName(predicted);
  const g = normaliseName(gold);
  if (p === g) return true;
  return sameSpeaker(p, g, lexiconFor(language));
}

/** Offsets of paragraph starts → the paragraph holding an offset (binary search). */
export function paragraphAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A raw offset placed in the split text: which paragraph, and where in its normalised text. */
export interface Located {
  paragraph: number;
  offset: number;
}

/**
 * Splits on a separator (blank lines, or every line break), joining each paragraph's inner
 * whitespace into single spaces. `locate` maps an offset of the raw text to its paragraph and to
 * the offset in that paragraph's normalised text, so annotated spans land on the split lines.
 */
export function splitParagraphs(
  text: string,
  separator: RegExp,
): { starts: number[]; paragraphs: string[]; locate: (offset: number) => Located } {
  const starts: number[] = [];
  const paragraphs: string[] = [];
  // Raw offset → offset in the paragraph's normalised text (filled per kept paragraph).
  const inParagraph = new Int32Array(text.length + 1);
  let from = 0;
  const push = (end: number) => {
    let body = '';
    let pendingSpace = false;
    for (let i = from; i < end; i++) {
      const c = text[i] as string;
      if (/\s/.test(c)) {
        pendingSpace = body.length > 0;
        inParagraph[i] = body.length;
        continue;
      }
      if (pendingSpace) body += ' ';
      pendingSpace = false;
      inParagraph[i] = body.length;
      body += c;
    }
    if (body.length > 0) {
      starts.push(from);
      paragraphs.push(body);
    }
  };
  for (const m of text.matchAll(new RegExp(separator.source, 'g'))) {
    push(m.index);
    from = m.index + m[0].length;
  }
  push(text.length);
  const locate = (offset: number): Located => {
    const paragraph = paragraphAt(starts, offset);
    const length = paragraphs[paragraph]?.length ?? 0;
    const inside = offset >= (starts[paragraph] ?? 0) ? (inParagraph[offset] ?? 0) : 0;
    return { paragraph, offset: Math.min(inside, length) };
  };
  return { starts, paragraphs, locate };
}
