/**
 * Spanish normalization rules. Numbers are written "1.234,5" (Spain; a space between groups is
 * accepted too); dates "5 de marzo de 2024", "05/03/2024" and ISO; times "10:30" read the
 * Spanish way ("diez y media", "una y cuarto", "diez en punto"); ordinals "1.º", "2.ª".
 */
import {
  abbreviationRules,
  localeRules,
  romanAloneRule,
  romanHeadingRule,
  type LocaleData,
  type Rule,
} from './normalize-locale.ts';
import { cardinalEs, ES_NUMBERS, ordinalEs } from './numbers-es.ts';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTH_PATTERN = `(${MONTHS.join('|')}|setiembre)`;

function monthIndex(text: string): number {
  const lower = text.toLowerCase();
  return lower === 'setiembre' ? 8 : MONTHS.indexOf(lower);
}

function dateEs(day: number, month: number, year: number | null): string | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const head = `${day === 1 ? 'primero' : cardinalEs(day)} de ${MONTHS[month]}`;
  return year === null ? head : `${head} de ${cardinalEs(year)}`;
}

function timeEs(hours: number, minutes: number): string | null {
  if (hours > 23 || minutes > 59) return null;
  const h = hours % 12 === 1 ? 'una' : cardinalEs(hours);
  if (minutes === 0) return `${h} en punto`;
  if (minutes === 15) return `${h} y cuarto`;
  if (minutes === 30) return `${h} y media`;
  return `${h} y ${cardinalEs(minutes)}`;
}

export const ES_LOCALE: LocaleData = {
  numbers: ES_NUMBERS,
  number: '\\d{1,3}(?:[.\\u00a0\\u202f ]\\d{3})+(?:,\\d+)?|\\d+(?:,\\d+)?',
  parse: (text) => {
    const [int = '0', fraction] = text.replace(/[ .\u00a0\u202f]/g, '').split(',');
    return { integer: Number(int), fraction: fraction ?? null };
  },
  currencies: {
    USD: { major: ['dólar', 'dólares'], minor: ['centavo', 'centavos'] },
    EUR: { major: ['euro', 'euros'], minor: ['céntimo', 'céntimos'] },
    GBP: { major: ['libra', 'libras'], minor: ['penique', 'peniques'] },
    JPY: { major: ['yen', 'yenes'], minor: null },
    CHF: { major: ['franco suizo', 'francos suizos'], minor: ['céntimo', 'céntimos'] },
    CAD: { major: ['dólar canadiense', 'dólares canadienses'], minor: ['centavo', 'centavos'] },
    AUD: { major: ['dólar australiano', 'dólares australianos'], minor: ['centavo', 'centavos'] },
  },
  // "tres euros con cincuenta", "un euro", "cincuenta céntimos", "dos millones de euros".
  readAmount: (integer, cents, words, scaled) => {
    if (scaled !== null) {
      return /(?:millón|millones)$/.test(scaled)
        ? `${scaled} de ${words.major[1]}`
        : `${scaled} ${words.major[1]}`;
    }
    const count = cardinalEs(integer).replace(/uno$/, 'un');
    // "dos millones de euros": a round million takes "de".
    if (/(?:millón|millones)$/.test(count)) return `${count} de ${words.major[1]}`;
    const major = `${count} ${integer === 1 ? words.major[0] : words.major[1]}`;
    if (!cents) return major;
    if (integer === 0 && words.minor)
      return `${cardinalEs(cents).replace(/uno$/, 'un')} ${cents === 1 ? words.minor[0] : words.minor[1]}`;
    return `${major} con ${cardinalEs(cents)}`;
  },
  scales: { millones: 'millones', millón: 'millón', mil: 'mil' },
  percent: 'por ciento',
  rangeWord: 'a',
  units: {
    km: ['kilómetro', 'kilómetros'],
    m: ['metro', 'metros'],
    cm: ['centímetro', 'centímetros'],
    mm: ['milímetro', 'milímetros'],
    kg: ['kilogramo', 'kilogramos'],
    g: ['gramo', 'gramos'],
    mg: ['miligramo', 'miligramos'],
    l: ['litro', 'litros'],
    ml: ['mililitro', 'mililitros'],
    'km/h': ['kilómetro por hora', 'kilómetros por hora'],
    '°C': ['grado Celsius', 'grados Celsius'],
    '°': ['grado', 'grados'],
  },
  isYear: () => false,
  ampersand: 'y',
  // "veintiún libros", "ciento un años".
  beforeWord: (words) => words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un'),
};

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bSrta\.(?=\s+\p{Lu})/u, 'señorita'],
  [/\bSra\.(?=\s+\p{Lu})/u, 'señora'],
  [/\bSr\.(?=\s+\p{Lu})/u, 'señor'],
  [/\bDra\.(?=\s+\p{Lu})/u, 'doctora'],
  [/\bDr\.(?=\s+\p{Lu})/u, 'doctor'],
  [/\bUds\./u, 'ustedes'],
  [/\bUd\./u, 'usted'],
  [/\bD\.ª(?=\s+\p{Lu})/u, 'doña'],
  [/\bDña\.(?=\s+\p{Lu})/u, 'doña'],
  [/\bSto\.(?=\s+\p{Lu})/u, 'Santo'],
  [/\bSta\.(?=\s+\p{Lu})/u, 'Santa'],
  [/\betc\./u, 'etcétera'],
  [/\bp\.\s?ej\./u, 'por ejemplo'],
  [/\bn\.º\s?(?=\d)|\bnúm\.\s?(?=\d)/u, 'número '],
  [/\bpág\.\s?(?=\d)/u, 'página '],
];

export const ES_RULES: Rule[] = [
  romanAloneRule(ES_NUMBERS),
  romanHeadingRule(['Capítulo', 'Libro', 'Parte', 'Tomo', 'Acto', 'Escena'], ES_NUMBERS),
  ...abbreviationRules(ABBREVIATIONS),
  {
    name: 'date-iso',
    pattern: /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/u,
    rewrite: (m) => dateEs(Number(m[3]), Number(m[2]) - 1, Number(m[1])),
  },
  {
    name: 'date-numeric',
    pattern: /(?<![\p{N}/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\p{N}/])/u,
    rewrite: (m) => dateEs(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  },
  {
    name: 'date-written',
    pattern: new RegExp(
      `(?<![\\p{N}])(\\d{1,2})\\s+de\\s+${MONTH_PATTERN}(?:\\s+(?:de|del)\\s+(\\d{4}))?(?![\\p{N}])`,
      'iu',
    ),
    rewrite: (m) => dateEs(Number(m[1]), monthIndex(m[2] as string), m[3] ? Number(m[3]) : null),
  },
  {
    name: 'time',
    pattern: /(?<![\p{N}:.,])(\d{1,2}):(\d{2})(?:\s?h\b)?(?![\p{N}:])/u,
    rewrite: (m) => timeEs(Number(m[1]), Number(m[2])),
  },
  {
    name: 'ordinal',
    pattern: /(?<![\p{L}\p{N}])(\d{1,3})\.?([ºª])/u,
    rewrite: (m) => {
      const word = ordinalEs(Number(m[1]));
      return m[2] === 'ª' ? word.replace(/o$/, 'a') : word;
    },
  },
  ...localeRules(ES_LOCALE),
];
