/**
 * French normalization rules. Numbers are written "1 234,5" (space, no-break or narrow
 * no-break space between groups; a full stop is accepted too); dates "5 mars 2024", "1er mars",
 * "05/03/2024" and ISO; times "10h30", "10 h", "10:30"; ordinals "1er", "2e", "XXe".
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
import { cardinalFr, FR_NUMBERS, ordinalFr } from './numbers-fr.ts';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const MONTH_PATTERN = `(${MONTHS.join('|')})`;

function dayFr(day: number): string {
  return day === 1 ? 'premier' : cardinalFr(day);
}

function dateFr(day: number, month: number, year: number | null): string | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const head = `${dayFr(day)} ${MONTHS[month]}`;
  return year === null ? head : `${head} ${cardinalFr(year)}`;
}

function hoursFr(h: number): string {
  if (h === 1) return 'une heure';
  if (h === 0) return 'zéro heure';
  return `${cardinalFr(h).replace(/-et-un$/, '-et-une')} heures`;
}

function readFrScaled(amount: string, unit: string): string {
  if (!/(?:million|milliard|billion)s?$/.test(amount)) return `${amount} ${unit}`;
  return `${amount} ${/^[aeiouyé]/i.test(unit) ? "d'" : 'de '}${unit}`;
}

export const FR_LOCALE: LocaleData = {
  numbers: FR_NUMBERS,
  number: '\\d{1,3}(?:[ \\u00a0\\u202f.]\\d{3})+(?:,\\d+)?|\\d+(?:,\\d+)?',
  parse: (text) => {
    const [int = '0', fraction] = text.replace(/[ .\u00a0\u202f]/g, '').split(',');
    return { integer: Number(int), fraction: fraction ?? null };
  },
  currencies: {
    USD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
    EUR: { major: ['euro', 'euros'], minor: ['centime', 'centimes'] },
    GBP: { major: ['livre sterling', 'livres sterling'], minor: ['penny', 'pence'] },
    JPY: { major: ['yen', 'yens'], minor: null },
    CHF: { major: ['franc suisse', 'francs suisses'], minor: ['centime', 'centimes'] },
    CAD: { major: ['dollar canadien', 'dollars canadiens'], minor: ['cent', 'cents'] },
    AUD: { major: ['dollar australien', 'dollars australiens'], minor: ['cent', 'cents'] },
  },
  // "trois euros cinquante", "un euro", "cinquante centimes", "deux millions d'euros".
  readAmount: (integer, cents, words, scaled) => {
    if (scaled !== null) {
      const de = /^[aeiouyé]/i.test(words.major[1]) ? "d'" : 'de ';
      return /(?:million|milliard)s?$/.test(scaled)
        ? `${scaled} ${de}${words.major[1]}`
        : `${scaled} ${words.major[1]}`;
    }
    const count = cardinalFr(integer);
    // "deux millions d'euros": a round million takes "de".
    if (/(?:million|milliard|billion)s?$/.test(count)) return readFrScaled(count, words.major[1]);
    const major = `${count} ${integer <= 1 ? words.major[0] : words.major[1]}`;
    if (!cents) return major;
    if (integer === 0 && words.minor)
      return `${cardinalFr(cents)} ${cents === 1 ? words.minor[0] : words.minor[1]}`;
    return `${major} ${cardinalFr(cents)}`;
  },
  scales: {
    millions: 'millions',
    million: 'million',
    milliards: 'milliards',
    milliard: 'milliard',
    Md: 'milliards',
    M: 'millions',
  },
  percent: 'pour cent',
  rangeWord: 'à',
  units: {
    km: ['kilomètre', 'kilomètres'],
    m: ['mètre', 'mètres'],
    cm: ['centimètre', 'centimètres'],
    mm: ['millimètre', 'millimètres'],
    kg: ['kilogramme', 'kilogrammes'],
    g: ['gramme', 'grammes'],
    mg: ['milligramme', 'milligrammes'],
    l: ['litre', 'litres'],
    ml: ['millilitre', 'millilitres'],
    'km/h': ['kilomètre heure', 'kilomètres heure'],
    '°C': ['degré Celsius', 'degrés Celsius'],
    '°': ['degré', 'degrés'],
  },
  isYear: () => false,
  ampersand: 'et',
};

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bMM\.(?=\s+\p{Lu})/u, 'Messieurs'],
  [/\bM\.(?=\s+\p{Lu})/u, 'Monsieur'],
  [/\bMmes\b\.?(?=\s+\p{Lu})/u, 'Mesdames'],
  [/\bMme\b\.?(?=\s+\p{Lu})/u, 'Madame'],
  [/\bMlle\b\.?(?=\s+\p{Lu})/u, 'Mademoiselle'],
  [/\bDr\b\.?(?=\s+\p{Lu})/u, 'Docteur'],
  [/\bPr\b\.?(?=\s+\p{Lu})/u, 'Professeur'],
  [/\bSte\b\.?(?=[\s-]\p{Lu})/u, 'Sainte'],
  [/\bSt\b\.?(?=[\s-]\p{Lu})/u, 'Saint'],
  [/\betc\./u, 'et cetera'],
  [/\bp\.\s?ex\./u, 'par exemple'],
  [/\bc\.-à-d\./u, "c'est-à-dire"],
  [/\bn[°o]\s?(?=\d)/u, 'numéro '],
];

export const FR_RULES: Rule[] = [
  romanAloneRule(FR_NUMBERS),
  romanHeadingRule(['Chapitre', 'Livre', 'Partie', 'Tome', 'Acte', 'Scène'], FR_NUMBERS),
  {
    name: 'roman-century',
    pattern: /(?<![\p{L}])([IVXLC]{2,}|[IVX])(?:e|ème|è)(?![\p{L}])/u,
    rewrite: (m) => {
      const value = romanValue(m[1] as string);
      return value === null ? null : ordinalFr(value);
    },
  },
  ...abbreviationRules(ABBREVIATIONS),
  {
    name: 'date-iso',
    pattern: /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/u,
    rewrite: (m) => dateFr(Number(m[3]), Number(m[2]) - 1, Number(m[1])),
  },
  {
    name: 'date-numeric',
    pattern: /(?<![\p{N}/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\p{N}/])/u,
    rewrite: (m) => dateFr(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  },
  {
    name: 'date-written',
    pattern: new RegExp(
      `(?<![\\p{N}])(\\d{1,2})(?:er)?\\s+${MONTH_PATTERN}(?:\\s+(\\d{4}))?(?![\\p{N}])`,
      'iu',
    ),
    rewrite: (m) =>
      dateFr(
        Number(m[1]),
        MONTHS.indexOf((m[2] as string).toLowerCase()),
        m[3] ? Number(m[3]) : null,
      ),
  },
  {
    name: 'time',
    pattern: /(?<![\p{N}:,.])(\d{1,2})\s?(?:h|:)\s?(\d{2})?(?![\p{L}\p{N}])/u,
    rewrite: (m) => {
      const hours = Number(m[1]);
      const minutes = m[2] ? Number(m[2]) : 0;
      if (hours > 24 || minutes > 59 || (m[0].includes(':') && !m[2])) return null;
      return minutes ? `${hoursFr(hours)} ${cardinalFr(minutes)}` : hoursFr(hours);
    },
  },
  {
    name: 'ordinal',
    pattern: /(?<![\p{L}\p{N}])(\d{1,4})(er|re|ère|e|ème|è)(?![\p{L}])/u,
    rewrite: (m) =>
      (m[2] === 're' || m[2] === 'ère') && m[1] === '1' ? 'première' : ordinalFr(Number(m[1])),
  },
  ...localeRules(FR_LOCALE),
];
