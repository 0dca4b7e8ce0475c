/**
 * English normalization rules: abbreviations, chapter and regnal Roman numerals, dates, times,
 * ordinals and decades, then the shared rules (normalize-locale.ts) for amounts, percentages,
 * ranges, units, years and numbers. Numbers are written "1,234.5".
 */
import {
  abbreviationRules,
  localeRules,
  romanAloneRule,
  romanHeadingRule,
  romanValue,
  type LocaleData,
  type Rule,
} from './normalize-locale.ts';
import { EN_NUMBERS, ordinalEn, yearEn, cardinalEn } from './numbers-en.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_PATTERN =
  '(Jan(?:uary|\\.)?|Feb(?:ruary|\\.)?|Mar(?:ch|\\.)?|Apr(?:il|\\.)?|May|June?|July?|Aug(?:ust|\\.)?|Sep(?:tember|t\\.|\\.)?|Oct(?:ober|\\.)?|Nov(?:ember|\\.)?|Dec(?:ember|\\.)?)';

function monthIndex(text: string): number {
  const key = text.slice(0, 3).toLowerCase();
  return MONTHS.findIndex((m) => m.slice(0, 3).toLowerCase() === key);
}

function monthName(text: string): string {
  return MONTHS[monthIndex(text)] ?? text;
}

export const EN_LOCALE: LocaleData = {
  numbers: EN_NUMBERS,
  number: '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+',
  parse: (text) => {
    const [int = '0', fraction] = text.replace(/,/g, '').split('.');
    return { integer: Number(int || '0'), fraction: fraction ?? null };
  },
  currencies: {
    USD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
    EUR: { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
    GBP: { major: ['pound', 'pounds'], minor: ['penny', 'pence'] },
    JPY: { major: ['yen', 'yen'], minor: null },
    CHF: { major: ['Swiss franc', 'Swiss francs'], minor: ['centime', 'centimes'] },
    CAD: { major: ['Canadian dollar', 'Canadian dollars'], minor: ['cent', 'cents'] },
    AUD: { major: ['Australian dollar', 'Australian dollars'], minor: ['cent', 'cents'] },
  },
  readAmount: (integer, cents, words, scaled) => {
    if (scaled !== null) return `${scaled} ${words.major[1]}`;
    const major = `${cardinalEn(integer)} ${integer === 1 ? words.major[0] : words.major[1]}`;
    if (!cents || !words.minor) return major;
    const minor = `${cardinalEn(cents)} ${cents === 1 ? words.minor[0] : words.minor[1]}`;
    return integer === 0 ? minor : `${major} and ${minor}`;
  },
  scales: {
    thousand: 'thousand',
    million: 'million',
    billion: 'billion',
    trillion: 'trillion',
    bn: 'billion',
    k: 'thousand',
    m: 'million',
  },
  percent: 'percent',
  rangeWord: 'to',
  units: {
    km: ['kilometer', 'kilometers'],
    m: ['meter', 'meters'],
    cm: ['centimeter', 'centimeters'],
    mm: ['millimeter', 'millimeters'],
    kg: ['kilogram', 'kilograms'],
    g: ['gram', 'grams'],
    mg: ['milligram', 'milligrams'],
    lb: ['pound', 'pounds'],
    lbs: ['pounds', 'pounds'],
    oz: ['ounce', 'ounces'],
    mi: ['mile', 'miles'],
    ft: ['foot', 'feet'],
    mph: ['mile per hour', 'miles per hour'],
    'km/h': ['kilometer per hour', 'kilometers per hour'],
    l: ['liter', 'liters'],
    ml: ['milliliter', 'milliliters'],
    '°C': ['degree Celsius', 'degrees Celsius'],
    '°F': ['degree Fahrenheit', 'degrees Fahrenheit'],
    '°': ['degree', 'degrees'],
    kHz: ['kilohertz', 'kilohertz'],
    Hz: ['hertz', 'hertz'],
    GB: ['gigabyte', 'gigabytes'],
    MB: ['megabyte', 'megabytes'],
  },
  // Any 1100–2099 without separators: English reads 1500 "fifteen hundred" either way, and
  // a bare four-digit number in prose is nearly always a year.
  isYear: () => true,
  ampersand: 'and',
};

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bMrs\.?(?=\s+\p{Lu})/u, 'Missus'],
  [/\bMr\.?(?=\s+\p{Lu})/u, 'Mister'],
  [/\bMs\.?(?=\s+\p{Lu})/u, 'Miz'],
  [/\bDr\.?(?=\s+\p{Lu})/u, 'Doctor'],
  [/\bProf\.(?=\s+\p{Lu})/u, 'Professor'],
  [/(?<=\p{Lu}\p{Ll}+\s)St\./u, 'Street'],
  [/\bSt\.?(?=\s+\p{Lu})/u, 'Saint'],
  [/(?<=\p{Lu}\p{Ll}+\s)Ave\./u, 'Avenue'],
  [/\bMt\.(?=\s+\p{Lu})/u, 'Mount'],
  [/\bCapt\.(?=\s+\p{Lu})/u, 'Captain'],
  [/\bGen\.(?=\s+\p{Lu})/u, 'General'],
  [/\bLt\.(?=\s+\p{Lu})/u, 'Lieutenant'],
  [/\bSgt\.(?=\s+\p{Lu})/u, 'Sergeant'],
  [/\bCol\.(?=\s+\p{Lu})/u, 'Colonel'],
  [/\bRev\.(?=\s+\p{Lu})/u, 'Reverend'],
  [/(?<=,?\s)Jr\./u, 'Junior'],
  [/(?<=\p{Lu}\p{Ll}+,?\s)Sr\./u, 'Senior'],
  [/\bvs\.?(?=\s)/u, 'versus'],
  [/\betc\./u, 'et cetera'],
  [/\be\.g\.(?=[\s,])/u, 'for example'],
  [/\bi\.e\.(?=[\s,])/u, 'that is'],
  [/\bapprox\.(?=\s)/u, 'approximately'],
  [/\b[Nn]o\.(?=\s?\d)/u, 'number'],
  [/\b[Nn]os\.(?=\s?\d)/u, 'numbers'],
  [/#(?=\d)/u, 'number '],
  [/\bFig\.(?=\s?\d)/u, 'figure'],
  [/\bpp?\.(?=\s?\d)/u, 'page'],
];

const REGNAL_NAMES =
  'King|Queen|Pope|Emperor|Tsar|Henry|Edward|George|Louis|Charles|William|Elizabeth|Richard|James|Pius|John|Paul|Benedict|Leo|Gregory|Napoleon|Philip|Frederick|Mary|Catherine|Peter';

function timeEn(hours: number, minutes: number, meridiem: string | undefined): string | null {
  if (hours > 23 || minutes > 59 || (meridiem && (hours > 12 || hours === 0))) return null;
  const suffix = meridiem ? ` ${meridiem.toLowerCase()} m` : '';
  let spoken: string;
  if (minutes === 0) spoken = meridiem ? cardinalEn(hours) : `${cardinalEn(hours)} o'clock`;
  else if (minutes < 10) spoken = `${cardinalEn(hours)} oh ${cardinalEn(minutes)}`;
  else spoken = `${cardinalEn(hours)} ${cardinalEn(minutes)}`;
  if (!meridiem && hours === 0)
    spoken = minutes === 0 ? 'midnight' : `zero ${spoken.replace(/^zero /, '')}`;
  return `${spoken}${suffix}`;
}

function dateEn(month: number, day: number, year: number | null): string | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const head = `${MONTHS[month]} ${ordinalEn(day)}`;
  return year === null ? head : `${head}, ${yearEn(year)}`;
}

export const EN_RULES: Rule[] = [
  romanAloneRule(EN_NUMBERS, false),
  romanHeadingRule(
    ['Chapter', 'Book', 'Part', 'Volume', 'Act', 'Scene', 'Canto', 'Letter', 'Section'],
    EN_NUMBERS,
  ),
  {
    name: 'roman-regnal',
    pattern: new RegExp(`\\b((?:${REGNAL_NAMES})\\s+)([IVXL]+)\\b`, 'u'),
    rewrite: (m) => {
      const value = romanValue(m[2] as string);
      return value === null ? null : `${m[1]}the ${ordinalEn(value)}`;
    },
  },
  {
    name: 'roman-war',
    pattern: /\b(World War\s+)(I{1,3})\b/u,
    rewrite: (m) => `${m[1]}${cardinalEn((m[2] as string).length)}`,
  },
  ...abbreviationRules(ABBREVIATIONS),
  {
    name: 'date-iso',
    pattern: /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/u,
    rewrite: (m) => dateEn(Number(m[2]) - 1, Number(m[3]), Number(m[1])),
  },
  {
    name: 'date-month-day',
    pattern: new RegExp(
      `\\b${MONTH_PATTERN}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?(?![\\p{N}])`,
      'u',
    ),
    rewrite: (m) => dateEn(monthIndex(m[1] as string), Number(m[2]), m[3] ? Number(m[3]) : null),
  },
  {
    name: 'date-day-month',
    pattern: new RegExp(
      `(?<![\\p{N}])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_PATTERN}(?:,?\\s+(\\d{4}))?(?![\\p{N}])`,
      'u',
    ),
    rewrite: (m) => {
      const day = Number(m[1]);
      if (day < 1 || day > 31) return null;
      const head = `the ${ordinalEn(day)} of ${monthName(m[2] as string)}`;
      return m[3] ? `${head}, ${yearEn(Number(m[3]))}` : head;
    },
  },
  {
    name: 'time',
    pattern: /(?<![\p{N}:.])(\d{1,2}):(\d{2})(?:\s?([ap])\.?m\.?(?![\p{L}]))?(?![\p{N}:])/iu,
    rewrite: (m) => timeEn(Number(m[1]), Number(m[2]), m[3]),
  },
  {
    name: 'time-meridiem',
    pattern: /(?<![\p{N}:.])(\d{1,2})\s?([ap])\.?m\.?(?![\p{L}])/iu,
    rewrite: (m) => timeEn(Number(m[1]), 0, m[2]),
  },
  {
    name: 'ordinal',
    pattern: /(?<![\p{L}\p{N}])(\d{1,3}(?:,\d{3})*|\d+)(st|nd|rd|th)(?![\p{L}])/iu,
    rewrite: (m) => ordinalEn(Number((m[1] as string).replace(/,/g, ''))),
  },
  {
    name: 'decade',
    pattern: /(?<![\p{L}\p{N}])(1[1-9]\d0|20\d0)['’]?s(?![\p{L}])/u,
    rewrite: (m) => {
      const words = yearEn(Number(m[1]));
      return words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`;
    },
  },
  ...localeRules(EN_LOCALE),
];
