/**
 * Where the speech is in one paragraph (spec "Character voices (cast)", rule 6: "dialogue in
 * guillemets, curly or straight quotes, or opened with an em dash"). Pure and language-neutral:
 * the marks decide, not the words.
 *
 * Quote systems recognised, one per paragraph:
 * - curly “…”, straight "…", German „…“, guillemets «…» and the German »…« (the first guillemet
 *   seen is taken as the opener);
 * - single quotes ‘…’ or '…' when the paragraph has no double marks at all, or when its first
 *   mark is ‘ (British typesetting, double marks nested inside), with a closer accepted only
 *   where it cannot be an apostrophe;
 * - a paragraph opened by a dialogue dash (—, ―, "– ", "--", and the hyphen "- " that Italian
 *   plain-text editions use): speech from the dash, with later dashes that follow a space or
 *   punctuation toggling between speech and narration (Italian, Spanish, Russian incises); a
 *   dash followed by a quote mark hands over to the quote marks;
 * - a paragraph without quote marks whose narration ends in a colon and a dialogue dash
 *   (`Renzo disse: - Che cosa?`): narration up to the dash, dash dialogue after it.
 * A quote left open at the end of the paragraph runs to its end (`endsOpen`): by the usual
 * convention the next paragraph, if it opens with a quote mark, continues the same speech.
 */

export interface Segment {
  kind: 'speech' | 'narration';
  /** UTF-16 offsets into the paragraph text; quote marks belong to neither kind. */
  start: number;
  end: number;
}

export interface SpeechLayout {
  segments: Segment[];
  /** The first visible character opens speech (a quote mark or a dialogue dash). */
  startsWithSpeech: boolean;
  /** A quote is still open when the paragraph ends. */
  endsOpen: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}

const DOUBLE_MARKS = /[“”"„«»]/;
const DIALOGUE_DASHES = new Set(['—', '―']);
const LETTER = /[\p{L}\p{N}]/u;
const LOWER = /\p{Ll}/u;
const SPACE = /\s/;
const PUNCT_BEFORE_CLOSER = /[.,!?;:…—–-]/;
const OPENER_CONTEXT = /[\s([{—–"“]/;

function dashLength(text: string, i: number): number {
  const c = text[i];
  if (c === undefined) return 0;
  if (DIALOGUE_DASHES.has(c)) return 1;
  // "– " and "- ": a spaced dash; a hyphen inside a word or before a number never is one.
  if ((c === '–' || c === '-') && SPACE.test(text[i + 1] ?? '')) return 1;
  if (text.startsWith('--', i) && !text.startsWith('---', i)) return 2;
  return 0;
}

/** `: - ` / `: — ` in a paragraph without quote marks: where the dash dialogue starts. */
const COLON_DASH = /:\s*(?=—|―|–\s|-\s|--(?!-))/u;

function firstVisible(text: string, from = 0): number {
  let i = from;
  while (i < text.length && SPACE.test(text[i] ?? '')) i++;
  return i;
}

function pushSegment(segments: Segment[], kind: Segment['kind'], start: number, end: number) {
  if (end > start) segments.push({ kind, start, end });
}

function isSingleOpener(text: string, i: number): boolean {
  const prev = i === 0 ? ' ' : (text[i - 1] ?? ' ');
  const next = text[i + 1] ?? '';
  return OPENER_CONTEXT.test(prev) && next !== '' && !SPACE.test(next);
}

function isSingleCloser(text: string, i: number): boolean {
  const prev = text[i - 1] ?? '';
  if (prev === '' || SPACE.test(prev)) return false;
  const next = text[i + 1] ?? '';
  if (LETTER.test(next)) return false; // don't, l’abbé
  if (PUNCT_BEFORE_CLOSER.test(prev)) return true;
  // After a letter: a closer unless lower-case text follows (the girls’ room, goin' home).
  const after = text[firstVisible(text, i + 1)] ?? '';
  return !LOWER.test(after);
}

function layoutDash(text: string, from: number, segments: Segment[]): void {
  let kind: Segment['kind'] = 'speech';
  let start = from;
  for (let i = from; i < text.length; i++) {
    const len = dashLength(text, i);
    if (len === 0) continue;
    const prev = text[i - 1] ?? ' ';
    const next = text[i + len] ?? ' ';
    // After a space or punctuation a dash toggles; glued to a word it is a hyphen, except the
    // Spanish incise's closing dash (`—dijo Juan—. Vamos`), followed by a space or punctuation.
    const spanishCloser = kind === 'narration' && (SPACE.test(next) || /[.,;:!?]/.test(next));
    if (!SPACE.test(prev) && !PUNCT_BEFORE_CLOSER.test(prev) && !spanishCloser) continue;
    pushSegment(segments, kind, start, i);
    kind = kind === 'speech' ? 'narration' : 'speech';
    start = i + len;
    i += len - 1;
  }
  pushSegment(segments, kind, start, text.length);
}

/** Returns whether a quote is still open at the end. */
function layoutQuotes(text: string, from: number, segments: Segment[]): boolean {
  const lowHigh = text.includes('„');
  const firstGuillemet = text.search(/[«»]/);
  const guillemetOpener = firstGuillemet >= 0 ? text[firstGuillemet] : '«';
  // British typesetting: single marks outside, double ones for a quote inside a quote. A
  // paragraph whose first mark is ‘ (never an apostrophe) uses single marks.
  const firstMark = text.slice(from).search(/[“”"„«»‘]/);
  const singles = !DOUBLE_MARKS.test(text) || text[from + firstMark] === '‘';
  let closers: string | null = null;
  let start = from;
  let sawMark = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i] ?? '';
    if (closers === null) {
      let opens: string | null = null;
      if (c === '“' && !lowHigh) opens = '”';
      else if (c === '„') opens = '“”';
      else if (c === '"') opens = '"';
      else if ((c === '«' || c === '»') && c === guillemetOpener) opens = c === '«' ? '»' : '«';
      else if (singles && (c === '‘' || c === "'") && isSingleOpener(text, i))
        opens = c === '‘' ? '’' : "'";
      else if (c === '”' && !sawMark) {
        // A closer before any opener: the paragraph continues a quote opened earlier.
        pushSegment(segments, 'speech', start, i);
        start = i + 1;
        sawMark = true;
        continue;
      }
      if (opens !== null) {
        pushSegment(segments, 'narration', start, i);
        closers = opens;
        start = i + 1;
        sawMark = true;
      }
    } else if (closers.includes(c) && isClose(text, i, c)) {
      pushSegment(segments, 'speech', start, i);
      closers = null;
      start = i + 1;
    }
  }
  pushSegment(segments, closers === null ? 'narration' : 'speech', start, text.length);
  return closers !== null;
}

function isClose(text: string, i: number, c: string): boolean {
  return c === '’' || c === "'" ? isSingleCloser(text, i) : true;
}

export function layoutSpeech(text: string): SpeechLayout {
  const segments: Segment[] = [];
  const first = firstVisible(text);
  const dash = dashLength(text, first);
  if (dash > 0) {
    const afterDash = firstVisible(text, first + dash);
    const c = text[afterDash] ?? '';
    if (!/[“"„«»‘']/.test(c)) {
      layoutDash(text, first + dash, segments);
      return { segments, startsWithSpeech: true, endsOpen: false };
    }
    const endsOpen = layoutQuotes(text, afterDash, segments);
    return { segments, startsWithSpeech: true, endsOpen };
  }
  const colonDash = /[“”"„«»]/.test(text) ? null : COLON_DASH.exec(text);
  if (colonDash !== null) {
    const dashAt = colonDash.index + colonDash[0].length;
    pushSegment(segments, 'narration', first, dashAt);
    layoutDash(text, dashAt + dashLength(text, dashAt), segments);
    return { segments, startsWithSpeech: false, endsOpen: false };
  }
  const endsOpen = layoutQuotes(text, first, segments);
  const firstSegment = segments[0];
  const startsWithSpeech =
    firstSegment !== undefined && firstSegment.kind === 'speech' && firstSegment.start <= first + 1;
  return { segments, startsWithSpeech, endsOpen };
}
