/**
 * Sentence and chunk splitting for narration. Engines speak one chunk at a time and choke on
 * very long input, and the pause between chunks is what makes narration sound read rather than
 * recited, so the split must follow sentences, then clauses.
 *
 * Sentences come from ICU (`Intl.Segmenter`, granularity `sentence`; Node ships full ICU, and
 * the root rules cover any language ICU has no data for, CJK full stops included). ICU's
 * sentence rules know no abbreviations, so its breaks are then merged back where a full stop
 * did not end a sentence: titles and Latin abbreviations ("Mr.", "Dr.", "e.g."), single-letter
 * initials ("J. R. R. Tolkien", "z. B."), German day ordinals before a month ("am 3. März") and
 * any break followed by a lower-case letter ('"Are you sure?" he asked.').
 */

export interface TextSpan {
  /** Offsets into the text that was split (UTF-16 units); `text` is `source.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
}

/** Why a chunk ends: decides the pause after it (speech-plan.ts). */
export type ChunkBoundary = 'sentence' | 'clause' | 'word';

export interface ChunkSpan extends TextSpan {
  boundary: ChunkBoundary;
}

/** Engines handle a few hundred characters well; past that some truncate or drift. */
export const DEFAULT_MAX_CHUNK_LENGTH = 400;

/**
 * A BCP 47 tag from what callers pass: `en-GB`, `pt_BR`, or an eSpeak identifier such as
 * `gmw/en-US` (the part after the family); `und` when nothing usable is left.
 */
export function languageTag(language: string): string {
  const tag = (language.split('/').at(-1) ?? '').replace(/_/g, '-').trim();
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'und';
  } catch {
    return 'und';
  }
}

/** The primary language subtag, lower case: `en-GB` → `en`, `pt_BR` → `pt`, `gmw/en-US` → `en`. */
export function baseLanguage(language: string): string {
  return (languageTag(language).split('-')[0] ?? 'und').toLowerCase();
}

/** Abbreviations after which a full stop never ends a sentence (lower case, without the final "."). */
const NEVER_FINAL: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries({
    en: 'mr mrs ms mx dr prof st mt ft capt col gen lt sgt cpl maj adm rev hon gov pres sen rep e.g i.e vs cf no nos fig figs approx vol ch pp p esq messrs mme mlle',
    de: 'hr hrn fr frl dr prof st z.b d.h u.a bzw ca nr s vgl evtl ggf inkl sog u.u z.t bd abs mio mrd',
    fr: 'm mm mme mmes mlle mlles dr pr st ste p.ex cf n no vol chap',
    es: 'sr sra srta sres dr dra d dña ud uds p.ej núm pág vol cap sto sta lic ing',
    it: 'sig sigg sig.ra dott prof ing avv es pag n',
    nl: 'dhr mevr dr prof bijv o.a d.w.z nr blz',
    pt: 'sr sra dr dra prof ex p.ex n pág vol',
  }).map(([lang, words]) => [lang, words.split(' ')]),
);

const GERMAN_MONTHS =
  /^(januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\b/iu;

const TOKEN_BEFORE_STOP =
  /(?:^|[\s([{"'«“‘„])((?:\p{L}{1,6}\.)*\p{L}{1,10}|\d{1,4})\.[\s"'»”’)\]]*$/u;

const SEGMENTERS = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = SEGMENTERS.get(language);
  if (!segmenter) {
    const supported = Intl.Segmenter.supportedLocalesOf([languageTag(language)]);
    segmenter = new Intl.Segmenter(supported[0] ?? 'und', { granularity: 'sentence' });
    SEGMENTERS.set(language, segmenter);
  }
  return segmenter;
}

/** True when the break between `before` and `after` is not a real sentence end. */
function isFalseBreak(before: string, after: string, lang: string): boolean {
  const next = after.trimStart();
  if (next === '') return false;
  if (/^\p{Ll}/u.test(next)) return true;
  const token = TOKEN_BEFORE_STOP.exec(before.trimEnd());
  if (!token?.[1]) return false;
  const word = token[1];
  const lower = word.toLowerCase();
  if (/^\d+$/.test(word)) return lang === 'de' && Number(word) <= 31 && GERMAN_MONTHS.test(next);
  if (/^\p{L}$/u.test(word)) return /^\p{Lu}/u.test(next) || /^\p{L}\./u.test(next);
  // Other abbreviations ("etc.", "Inc.", "U.S.A.") may end a sentence: only a lower-case next
  // word (handled above) joins them to it.
  return (NEVER_FINAL[lang] ?? NEVER_FINAL.en ?? []).includes(lower);
}

/** A line at least this long that breaks is hard-wrapped prose, not a heading or verse. */
const WRAPPED_LINE = 40;

/**
 * ICU ends a sentence at every line break. Plain-text books are hard-wrapped at ~70
 * characters, so a single line break after a long line, or before a line that starts in lower
 * case, is read as a space; after a short line (a heading, a line of verse) it stays a break.
 * Same length, so offsets hold.
 */
function unwrapLines(text: string): string {
  return text.replace(
    /([^\n]*)\r?\n(?=[^\S\n]*([^\s]?))/gu,
    (match: string, line: string, next: string) => {
      const join = line.trim().length >= WRAPPED_LINE || /^\p{Ll}/u.test(next);
      return join ? match.replace(/[\r\n]/gu, ' ') : match;
    },
  );
}

/**
 * Splits `text` into sentences; whitespace between them belongs to no sentence. Offsets and
 * `text` are those of the input (line breaks included).
 */
export function splitSentences(text: string, language = 'en'): TextSpan[] {
  const lang = baseLanguage(language);
  const raw: TextSpan[] = [];
  for (const part of segmenterFor(language).segment(unwrapLines(text))) {
    raw.push({ start: part.index, end: part.index + part.segment.length, text: part.segment });
  }
  const merged: { start: number; end: number }[] = [];
  for (const span of raw) {
    const last = merged.at(-1);
    if (last && isFalseBreak(text.slice(last.start, last.end), span.text, lang))
      last.end = span.end;
    else merged.push({ start: span.start, end: span.end });
  }
  return merged.flatMap(({ start, end }) => trimmed(text, start, end));
}

function trimmed(text: string, start: number, end: number): TextSpan[] {
  let s = start;
  let e = end;
  while (s < e && /\s/u.test(text[s] as string)) s++;
  while (e > s && /\s/u.test(text[e - 1] as string)) e--;
  return s < e ? [{ start: s, end: e, text: text.slice(s, e) }] : [];
}

/** Clause boundaries, strongest first: the cut goes after the character at `i`. */
const CLAUSE_CLASSES: readonly ((text: string, i: number) => boolean)[] = [
  (t, i) => /[;:；：]/u.test(t[i] as string),
  (t, i) =>
    /[—–]/u.test(t[i] as string) || isSpacedHyphen(t, i) || (t[i] === '-' && t[i - 1] === '-'),
  (t, i) => /[,、，]/u.test(t[i] as string),
  (t, i) => /[)\]»”"]/u.test(t[i] as string),
];

/** Full-width punctuation needs no space after it to end a clause. */
const NO_SPACE_NEEDED = /[；：、，]/u;

/**
 * Splits `text` into speakable chunks: whole sentences, and sentences longer than `maxLength`
 * cut at the strongest clause boundary that keeps each part within `maxLength`, then at a space,
 * and (text without spaces) at `maxLength` itself, never inside a surrogate pair.
 */
export function splitIntoChunks(
  text: string,
  language = 'en',
  maxLength = DEFAULT_MAX_CHUNK_LENGTH,
): ChunkSpan[] {
  if (!Number.isFinite(maxLength) || maxLength < 20) {
    throw new RangeError(`maxLength must be at least 20 characters, got ${maxLength}.`);
  }
  const chunks: ChunkSpan[] = [];
  for (const sentence of splitSentences(text, language)) {
    let start = sentence.start;
    const end = sentence.end;
    while (end - start > maxLength) {
      const { cut, boundary } = findCut(text, start, start + maxLength);
      const piece = trimmed(text, start, cut)[0];
      if (piece) chunks.push({ ...piece, boundary });
      start = cut;
    }
    const rest = trimmed(text, start, end)[0];
    if (rest) chunks.push({ ...rest, boundary: 'sentence' });
  }
  return chunks;
}

function findCut(
  text: string,
  from: number,
  limit: number,
): { cut: number; boundary: ChunkBoundary } {
  // A cut in the first third would leave a stub; prefer a weaker boundary later on.
  const earliest = from + Math.floor((limit - from) / 3);
  for (const isBoundary of CLAUSE_CLASSES) {
    for (let i = limit - 1; i >= earliest; i--) {
      if (!isBoundary(text, i)) continue;
      const after = text[i + 1] ?? '';
      if (after === '' || /\s/u.test(after) || NO_SPACE_NEEDED.test(text[i] as string)) {
        return { cut: i + 1, boundary: 'clause' };
      }
    }
  }
  for (let i = limit; i > from; i--) {
    if (/\s/u.test(text[i] as string)) return { cut: i, boundary: 'word' };
  }
  let cut = limit;
  const code = text.charCodeAt(cut);
  if (code >= 0xdc00 && code <= 0xdfff) cut -= 1;
  return { cut, boundary: 'word' };
}

function isSpacedHyphen(text: string, i: number): boolean {
  return text[i] === '-' && /\s/u.test(text[i - 1] ?? '') && /\s/u.test(text[i + 1] ?? '');
}
