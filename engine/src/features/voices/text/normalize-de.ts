/**
 * German normalization rules. Numbers are written "1.234,5" (also with a space or a narrow
 * no-break space between groups); dates "5. März 2024", "05.03.2024" and ISO; times "10:30 Uhr"
 * or "10.30 Uhr"; day ordinals take the dative after "am", "vom", "zum", "bis zum", "seit dem"
 * ("am fünften März"). A four-digit number is a year after words that introduce one ("im Jahr",
 * "seit", "bis", "um", "ab", "von", "vor", "nach", "anno") and in dates; otherwise a cardinal,
 * as German reads "1984 Menschen" as "tausendneunhundertvierundachtzig".
 */
import {
  abbreviationRules,
  localeRules,
  romanAloneRule,
  romanHeadingRule,
  type LocaleData,
  type Rule,
} from './normalize-locale.ts';
import { cardinalDe, DE_NUMBERS, ordinalDe, yearDe } from './numbers-de.ts';

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const MONTH_PATTERN = `(${[...MONTHS, 'Jänner', 'Jan\\.', 'Feb\\.', 'Aug\\.', 'Sept?\\.', 'Okt\\.', 'Nov\\.', 'Dez\\.'].join('|')})`;

function monthIndex(text: string): number {
  if (text.startsWith('Jän')) return 0;
  return MONTHS.findIndex((m) => m.slice(0, 3) === text.slice(0, 3));
}

const DATIVE_BEFORE = /(?:\b(?:am|vom|zum|im|beim|seit dem|bis zum|ab dem)\s+)$/iu;

function dayOrdinal(day: number, before: string): string {
  const base = ordinalDe(day);
  return DATIVE_BEFORE.test(before) ? `${base}n` : `${base}r`;
}

function dateDe(day: number, month: number, year: number | null, before: string): string | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const head = `${dayOrdinal(day, before)} ${MONTHS[month]}`;
  return year === null ? head : `${head} ${yearDe(year)}`;
}

const YEAR_BEFORE =
  /(?:\b(?:jahre?|jahres|seit|bis|um|ab|von|vor|nach|anno|sommer|winter|frühjahr|herbst)\s+)$/iu;

export const DE_LOCALE: LocaleData = {
  numbers: DE_NUMBERS,
  number: '\\d{1,3}(?:[.\\u00a0\\u202f]\\d{3})+(?:,\\d+)?|\\d+(?:,\\d+)?',
  parse: (text) => {
    const [int = '0', fraction] = text.replace(/[.\u00a0\u202f]/g, '').split(',');
    return { integer: Number(int), fraction: fraction ?? null };
  },
  currencies: {
    USD: { major: ['Dollar', 'Dollar'], minor: ['Cent', 'Cent'] },
    EUR: { major: ['Euro', 'Euro'], minor: ['Cent', 'Cent'] },
    GBP: { major: ['Pfund', 'Pfund'], minor: ['Penny', 'Pence'] },
    JPY: { major: ['Yen', 'Yen'], minor: null },
    CHF: { major: ['Franken', 'Franken'], minor: ['Rappen', 'Rappen'] },
    CAD: { major: ['kanadischer Dollar', 'kanadische Dollar'], minor: ['Cent', 'Cent'] },
    AUD: { major: ['australischer Dollar', 'australische Dollar'], minor: ['Cent', 'Cent'] },
  },
  // Spoken German: "drei Euro fünfzig", "ein Euro", "fünfzig Cent".
  readAmount: (integer, cents, words, scaled) => {
    if (scaled !== null) return `${scaled} ${words.major[1]}`;
    const count = integer === 1 ? 'ein' : cardinalDe(integer);
    const major = `${count} ${integer === 1 ? words.major[0] : words.major[1]}`;
    if (!cents) return major;
    if (integer === 0 && words.minor) return `${cardinalDe(cents)} ${words.minor[1]}`;
    return `${major} ${cardinalDe(cents)}`;
  },
  scales: {
    Tausend: 'Tausend',
    Mio: 'Millionen',
    'Mio.': 'Millionen',
    Millionen: 'Millionen',
    Mrd: 'Milliarden',
    'Mrd.': 'Milliarden',
    Milliarden: 'Milliarden',
  },
  percent: 'Prozent',
  rangeWord: 'bis',
  units: {
    km: ['Kilometer', 'Kilometer'],
    m: ['Meter', 'Meter'],
    cm: ['Zentimeter', 'Zentimeter'],
    mm: ['Millimeter', 'Millimeter'],
    kg: ['Kilogramm', 'Kilogramm'],
    g: ['Gramm', 'Gramm'],
    mg: ['Milligramm', 'Milligramm'],
    l: ['Liter', 'Liter'],
    ml: ['Milliliter', 'Milliliter'],
    'km/h': ['Kilometer pro Stunde', 'Kilometer pro Stunde'],
    '°C': ['Grad Celsius', 'Grad Celsius'],
    '°': ['Grad', 'Grad'],
    Std: ['Stunde', 'Stunden'],
    Min: ['Minute', 'Minuten'],
  },
  isYear: (_n, before) => YEAR_BEFORE.test(before),
  ampersand: 'und',
  // "ein Mann", "hunderteins" but "hundertein Jahre" is read "hundertein".
  beforeWord: (words) => words.replace(/eins$/, 'ein'),
};

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bHrn\.(?=\s+\p{Lu})/u, 'Herrn'],
  [/\bHr\.(?=\s+\p{Lu})/u, 'Herr'],
  [/\bFr\.(?=\s+\p{Lu})/u, 'Frau'],
  [/\bDr\.(?=\s+\p{Lu})/u, 'Doktor'],
  [/\bProf\.(?=\s+\p{Lu})/u, 'Professor'],
  [/\bSt\.(?=\s+\p{Lu})/u, 'Sankt'],
  [/\bz\.\s?B\./u, 'zum Beispiel'],
  [/\bd\.\s?h\./u, 'das heißt'],
  [/\bu\.\s?a\./u, 'unter anderem'],
  [/\bu\.\s?U\./u, 'unter Umständen'],
  [/\busw\./u, 'und so weiter'],
  [/\bbzw\./u, 'beziehungsweise'],
  [/\bca\.(?=\s)/u, 'circa'],
  [/\bvgl\./u, 'vergleiche'],
  [/\bggf\./u, 'gegebenenfalls'],
  [/\bNr\.(?=\s?\d)/u, 'Nummer'],
  [/\bS\.(?=\s?\d)/u, 'Seite'],
];

export const DE_RULES: Rule[] = [
  romanAloneRule(DE_NUMBERS),
  romanHeadingRule(['Kapitel', 'Teil', 'Buch', 'Band', 'Akt', 'Szene', 'Abschnitt'], DE_NUMBERS),
  ...abbreviationRules(ABBREVIATIONS),
  {
    name: 'date-iso',
    pattern: /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/u,
    rewrite: (m, before) => dateDe(Number(m[3]), Number(m[2]) - 1, Number(m[1]), before),
  },
  {
    name: 'date-numeric',
    pattern: /(?<![\p{N}.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\p{N}])/u,
    rewrite: (m, before, after) => {
      const year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : null;
      if (!m[3] && !/^\s/.test(after)) return null;
      return dateDe(Number(m[1]), Number(m[2]) - 1, year, before);
    },
  },
  {
    name: 'date-written',
    pattern: new RegExp(
      `(?<![\\p{N}])(\\d{1,2})\\.\\s*${MONTH_PATTERN}(?:\\s+(\\d{4}))?(?![\\p{N}])`,
      'u',
    ),
    rewrite: (m, before) =>
      dateDe(Number(m[1]), monthIndex(m[2] as string), m[3] ? Number(m[3]) : null, before),
  },
  {
    name: 'time',
    pattern: /(?<![\p{N}.:])(\d{1,2})[:.](\d{2})(?:\s?Uhr\b)?(?![\p{N}])/u,
    rewrite: (m) => {
      const hours = Number(m[1]);
      const minutes = Number(m[2]);
      // "10.30" is a time only with "Uhr"; "10:30" always.
      if (hours > 23 || minutes > 59 || (!m[0].includes(':') && !/Uhr$/.test(m[0]))) return null;
      const h = hours === 1 ? 'ein' : cardinalDe(hours);
      return minutes ? `${h} Uhr ${cardinalDe(minutes)}` : `${h} Uhr`;
    },
  },
  {
    name: 'time-hour',
    pattern: /(?<![\p{N}.:,])(\d{1,2})\s?Uhr\b/u,
    rewrite: (m) => {
      const hours = Number(m[1]);
      return hours > 24 ? null : `${hours === 1 ? 'ein' : cardinalDe(hours)} Uhr`;
    },
  },
  {
    name: 'ordinal',
    // "der 3. Platz": a number with a full stop before a word in the same sentence.
    pattern: /(?<![\p{L}\p{N}.,])(\d{1,3})\.(?=\s+\p{L})/u,
    rewrite: (m) => ordinalDe(Number(m[1])),
  },
  ...localeRules(DE_LOCALE),
];
