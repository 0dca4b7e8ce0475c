/**
 * Chapter-heading patterns shared by every format: "CHAPTER I.", "Chapter 12: The Storm",
 * "Kapitel 3", "Erstes Kapitel", "CAPITOLO PRIMO", "Letter 4", "BOOK ONE", "Part II", "I.",
 * "Prologue", "Epilog". Numbers may be digits, roman numerals or number words (EN/DE/IT/FR/ES).
 * Issue 5 item 2: "TXT heading patterns (CHAPTER/Chapter/CAPITOLO/Kapitel, roman numerals)".
 */

export type LabelType = 'chapter' | 'part' | 'special' | 'numeral';

export interface ChapterLabel {
  type: LabelType;
  /** The number the label carries, when it has one. */
  n: number | null;
  /** Text after the label ("Down the Rabbit-Hole"), when the line has one. */
  title: string | null;
}

/** Alternations list longer words first so "Chapitre" is not read as "Chap" + "itre". */
const alternation = (words: string): string =>
  words
    .split(' ')
    .sort((x, y) => y.length - x.length)
    .join('|');
const CHAPTER_WORDS = alternation(
  'chapter chap\\. chapitre kapitel kap\\. capitolo cap\\. cap[ií]tulo hoofdstuk letter lettera ' +
    'lettre brief adventure canto stave',
);
const PART_WORDS = alternation(
  'part book volume vol\\. tome teil buch band parte libro livre partie tomo',
);
const SPECIAL_WORDS = alternation(
  'prologue prolog prologo pr[oó]logo epilogue epilog epilogo ep[ií]logo [eé]pilogue interlude ' +
    'intermezzo postscript coda',
);

/**
 * Number words as chapter labels use them, EN/DE/IT/FR/ES. Each row counts up from the number
 * that opens it ("1 one two ..." makes one = 1, two = 2, ...).
 */
const NUMBER_ROWS = [
  '1 one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
  '16 sixteen seventeen eighteen nineteen twenty',
  '1 first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth',
  '13 thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth',
  '1 eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf',
  '1 erstes zweites drittes viertes fünftes sechstes siebentes achtes neuntes zehntes elftes',
  '12 zwölftes',
  '7 siebtes',
  '1 erster zweiter dritter vierter fünfter sechster',
  '1 uno due tre quattro cinque sei sette otto nove dieci undici dodici',
  '1 primo secondo terzo quarto quinto sesto settimo ottavo nono decimo undicesimo dodicesimo',
  '1 prima seconda terza',
  '1 un deux trois quatre cinq',
  '1 premier deuxième troisième',
  '1 première',
  '2 dos tres cuatro',
  '1 primero segundo tercero',
  '30 thirty',
  '40 forty',
  '50 fifty',
  '60 sixty',
];
const UNITS: Record<string, number> = Object.fromEntries(
  NUMBER_ROWS.flatMap((row) => {
    const [start = '1', ...words] = row.split(' ');
    return words.map((word, i): [string, number] => [word, Number(start) + i]);
  }),
);

const ROMAN = /^M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

export function parseRoman(token: string): number | null {
  const t = token.toUpperCase();
  if (!t || !ROMAN.test(t)) return null;
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  let total = 0;
  for (let i = 0; i < t.length; i += 1) {
    const v = values[t[i] as string] ?? 0;
    const next = values[t[i + 1] as string] ?? 0;
    total += v < next ? -v : v;
  }
  return total > 0 ? total : null;
}

/** "12", "XII", "twelve", "twenty-one", "Erstes" → number; null when not a number token. */
export function parseNumberToken(token: string): number | null {
  const t = token.replace(/[.:,)]+$/, '');
  if (/^\d{1,4}$/.test(t)) return Number(t);
  const roman = parseRoman(t);
  if (roman !== null) return roman;
  const lower = t.toLowerCase();
  if (lower in UNITS) return UNITS[lower] ?? null;
  const compound = /^([a-zäöüß]+)[-\s]([a-zäöüß]+)$/.exec(lower);
  if (compound) {
    const tens = UNITS[compound[1] as string];
    const unit = UNITS[compound[2] as string];
    if (tens !== undefined && unit !== undefined && tens >= 20 && unit < 10) return tens + unit;
  }
  return null;
}

/** Splits a number word glued to an all-caps title, as PDF outlines do: "ONETHE EVE" → 1, "THE EVE". */
function gluedNumber(token: string): { n: number; rest: string } | null {
  if (token !== token.toUpperCase()) return null;
  const lower = token.toLowerCase();
  let best: { word: string; n: number } | null = null;
  for (const [word, n] of Object.entries(UNITS)) {
    // The longest number word that leaves a real word behind: "TENTHE" is TEN + THE, not TENTH + E.
    if (word.length < 3 || !lower.startsWith(word) || lower.length - word.length < 2) continue;
    if (!best || word.length > best.word.length) best = { word, n };
  }
  return best ? { n: best.n, rest: token.slice(best.word.length) } : null;
}

function cleanTitle(rest: string): string | null {
  const t = rest.replace(/^[\s.:—–\-|]+/, '').trim();
  return t ? t : null;
}

const WORD_THEN_NUMBER = new RegExp(
  `^(${CHAPTER_WORDS}|${PART_WORDS})\\s*(?:the\\s+)?([\\p{L}\\d]+(?:-[\\p{L}]+)?)\\.?(.*)$`,
  'iu',
);
const NUMBER_THEN_WORD = new RegExp(
  `^([\\p{L}\\d]+)\\.?\\s+(${CHAPTER_WORDS}|${PART_WORDS})\\b\\.?(.*)$`,
  'iu',
);
const SPECIAL = new RegExp(`^(${SPECIAL_WORDS})\\b\\.?(.*)$`, 'iu');
const PART = new RegExp(`^(${PART_WORDS})$`, 'i');

function typeOf(word: string): LabelType {
  return PART.test(word.replace(/\s+/g, '')) ? 'part' : 'chapter';
}

/**
 * Recognises a chapter label at the start of a short line. Long lines are prose, never
 * headings, so the caller decides what "short" means by passing single lines or titles.
 */
export function chapterLabel(line: string): ChapterLabel | null {
  // Plain-text italics around a heading: "_Chapter II_".
  const text = line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[_*]+(.+?)[_*]+$/, '$1')
    .trim();
  if (!text || text.length > 120) return null;

  const special = SPECIAL.exec(text);
  if (special) return { type: 'special', n: null, title: cleanTitle(special[2] ?? '') };

  const wordFirst = WORD_THEN_NUMBER.exec(text);
  if (wordFirst) {
    const word = wordFirst[1] as string;
    const token = wordFirst[2] as string;
    const rest = wordFirst[3] ?? '';
    const n = parseNumberToken(token);
    if (n !== null && (rest === '' || /^[\s.:—–\-|,]/.test(rest) || /^[A-Z]/.test(rest))) {
      return { type: typeOf(word), n, title: cleanTitle(rest) };
    }
    const glued = gluedNumber(token);
    if (glued) return { type: typeOf(word), n: glued.n, title: cleanTitle(`${glued.rest}${rest}`) };
  }

  const numberFirst = NUMBER_THEN_WORD.exec(text);
  if (numberFirst) {
    const n = parseNumberToken(numberFirst[1] as string);
    const rest = numberFirst[3] ?? '';
    if (n !== null && (rest === '' || /^[\s.:—–\-|]/.test(rest) || text.split(' ').length <= 4)) {
      return { type: typeOf(numberFirst[2] as string), n, title: cleanTitle(rest) };
    }
  }

  // A number word alone on its line: "_Two_", "THREE", "Erstes".
  const word = /^(\p{L}+(?:-\p{L}+)?)\.?$/u.exec(text)?.[1];
  if (word && /^\p{Lu}/u.test(word) && parseRoman(word) === null) {
    const n = parseNumberToken(word);
    if (n) return { type: 'numeral', n, title: null };
  }
  // A bare numeral, possibly decorated ("[ 1 ]", "— II —") or followed by a title: "I.",
  // "XIV", "12.", "IV. The Storm", "II The Little Shop-Window", "01 My Early Home".
  const bare =
    /^[[(—–-]?\s*([IVXLCDM]{1,8}|\d{1,3})\s*[\])—–-]?(\.|:|\s*[—–-]\s*|\s*$|\s+(?=[\p{Lu}"“‘]))(.*)$/u.exec(
      text,
    );
  if (bare) {
    const n = parseNumberToken(bare[1] as string);
    const rest = (bare[3] ?? '').trim();
    if (
      n !== null &&
      n > 0 &&
      (rest === '' || /^[\p{Lu}"“‘'«»]/u.test(rest)) &&
      rest.length <= 80
    ) {
      // "I am ..." or "I. e." is prose; a title after a bare numeral must not be a sentence.
      if (rest && /[.!?]["”’]?$/.test(rest) && rest.split(' ').length > 8) return null;
      return { type: 'numeral', n, title: cleanTitle(rest) };
    }
  }
  return null;
}

/** Strong labels name their unit ("Chapter", "Kapitel", "Letter"); bare numerals are weaker. */
export function isStrongLabel(label: ChapterLabel | null): boolean {
  return label !== null && (label.type === 'chapter' || label.type === 'special');
}

/** "Part One", "BOOK II", "Teil 1": a container of chapters. */
export function isPartLabel(text: string): boolean {
  return chapterLabel(text)?.type === 'part';
}
