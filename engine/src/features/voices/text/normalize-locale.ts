/**
 * The normalizer's rules written once for every language that has a locale pack
 * (normalize-en.ts, normalize-de.ts, normalize-fr.ts, normalize-es.ts): how numbers are written
 * in that locale (separators), and how amounts, percentages, ranges, units and plain numbers
 * are read. Each pack adds its own rules for abbreviations, dates and times in front of these.
 * Rules run in order; text one rule rewrote is never seen by a later one (mapped-text.ts).
 */
import type { Rewrite } from './mapped-text.ts';
import type { NumberWords } from './number-words.ts';

export interface Rule {
  /** For tests and debugging. */
  name: string;
  pattern: RegExp;
  rewrite: Rewrite;
}

export type CurrencyCode = 'USD' | 'EUR' | 'GBP' | 'JPY' | 'CHF' | 'CAD' | 'AUD';

export interface CurrencyWords {
  /** Singular and plural of the main unit, then of the hundredth (null: no minor unit). */
  major: [string, string];
  minor: [string, string] | null;
}

export interface LocaleData {
  numbers: NumberWords;
  /** A written number in this locale: group 0 is the number, e.g. "1,234.5" or "1.234,5". */
  number: string;
  /** Parses a match of `number` into integer part and fraction digits. */
  parse(text: string): { integer: number; fraction: string | null };
  currencies: Record<CurrencyCode, CurrencyWords>;
  /** How an amount is read: "three dollars and fifty cents", "drei Euro fünfzig". */
  readAmount(
    integer: number,
    cents: number | null,
    words: CurrencyWords,
    scale: string | null,
  ): string;
  /** Words after a number like "3 million" in this locale: written form → spoken form. */
  scales: Record<string, string>;
  percent: string;
  /** "to" in "1990 to 1995". */
  rangeWord: string;
  /** Unit symbol → [singular, plural]. */
  units: Record<string, [string, string]>;
  /** Whether a bare four-digit number after the text `before` is read as a year. */
  isYear(n: number, before: string): boolean;
  ampersand: string;
  /** How a cardinal changes before a following word (Spanish "veintiún libros"). */
  beforeWord?: (words: string) => string;
}

/** Regex-escapes a literal. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const CURRENCY_SYMBOLS: Record<string, CurrencyCode> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  Fr: 'CHF',
  CHF: 'CHF',
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  JPY: 'JPY',
  CAD: 'CAD',
  C$: 'CAD',
  AUD: 'AUD',
  A$: 'AUD',
};

const SYMBOLS = Object.keys(CURRENCY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/** Reads a written number (already matched by `data.number`) in words. */
export function readNumber(data: LocaleData, text: string): string {
  const { integer, fraction } = data.parse(text);
  return fraction ? data.numbers.decimal(integer, fraction) : data.numbers.cardinal(integer);
}

function isOne(data: LocaleData, text: string): boolean {
  const { integer, fraction } = data.parse(text);
  return integer === 1 && !fraction;
}

export function localeRules(data: LocaleData): Rule[] {
  const num = data.number;
  const scaleWords = Object.keys(data.scales)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const scale = scaleWords ? `(?:\\s?(${scaleWords})(?![\\p{L}]))?` : '()';
  // A dash is never a sign right after another dash ("the year ---5").
  const sign = '((?<![-—–])[-−])?';

  const amount = (
    signText: string | undefined,
    value: string,
    code: CurrencyCode,
    scaleText: string | undefined,
  ): string => {
    const words = data.currencies[code];
    let { integer, fraction } = data.parse(value);
    // No currency here has three minor digits: "$5,000" in a German text is five thousand.
    if (fraction?.length === 3 && value.endsWith(`,${fraction}`)) {
      integer = integer * 1000 + Number(fraction);
      fraction = null;
    }
    const scaleWord = scaleText ? (data.scales[scaleText] ?? null) : null;
    let spoken: string;
    if (scaleWord) {
      spoken = data.readAmount(Number.NaN, null, words, `${readNumber(data, value)} ${scaleWord}`);
    } else if (fraction && fraction.length === 2 && words.minor) {
      spoken = data.readAmount(integer, Number(fraction), words, null);
    } else if (fraction) {
      spoken = data.readAmount(Number.NaN, null, words, data.numbers.decimal(integer, fraction));
    } else {
      spoken = data.readAmount(integer, null, words, null);
    }
    return signText ? `${data.numbers.minus} ${spoken}` : spoken;
  };

  const unitNames = Object.keys(data.units)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');

  return [
    {
      name: 'currency-before',
      pattern: new RegExp(`${NOT_WORD_BEFORE}${sign}(${SYMBOLS})\\s?(${num})${scale}`, 'u'),
      rewrite: (m) =>
        amount(m[1], m[3] as string, CURRENCY_SYMBOLS[m[2] as string] as CurrencyCode, m[4]),
    },
    {
      name: 'currency-after',
      pattern: new RegExp(
        `${NOT_WORD_BEFORE}${sign}(${num})${scale}\\s?(${SYMBOLS})${NOT_WORD_AFTER}`,
        'u',
      ),
      rewrite: (m) =>
        amount(m[1], m[2] as string, CURRENCY_SYMBOLS[m[4] as string] as CurrencyCode, m[3]),
    },
    {
      name: 'percent',
      pattern: new RegExp(`${NOT_WORD_BEFORE}${sign}(${num})\\s?%`, 'u'),
      rewrite: (m) =>
        `${m[1] ? `${data.numbers.minus} ` : ''}${readNumber(data, m[2] as string)} ${data.percent}`,
    },
    {
      name: 'range',
      pattern: new RegExp(
        // Not the tail of a phone number: "(801) 596-1887", "555 596-1887".
        `${NOT_WORD_BEFORE}(?<![\\p{N})][\\s.]?)(\\d{1,4})\\s?([–—-])\\s?(\\d{1,4})${NOT_WORD_AFTER}`,
        'u',
      ),
      rewrite: (m) => {
        const a = Number(m[1]);
        const b = Number(m[3]);
        // A hyphen between numbers is a range only when it reads as one (5-10, not 10-5 or 555-1234).
        if (m[2] === '-' && !(b > a && (m[1] as string).length <= (m[3] as string).length))
          return null;
        const years =
          (m[1] as string).length === 4 && (m[3] as string).length === 4 && a >= 1000 && b <= 2099;
        const read = (n: number): string =>
          years ? data.numbers.year(n) : data.numbers.cardinal(n);
        return `${read(a)} ${data.rangeWord} ${read(b)}`;
      },
    },
    ...(unitNames
      ? [
          {
            name: 'unit',
            pattern: new RegExp(
              `${NOT_WORD_BEFORE}${sign}(${num})\\s?(${unitNames})(?![\\p{L}\\p{N}/])`,
              'u',
            ),
            rewrite: ((m) => {
              const names = data.units[m[3] as string] as [string, string];
              const value = readNumber(data, m[2] as string);
              const unit = isOne(data, m[2] as string) ? names[0] : names[1];
              return `${m[1] ? `${data.numbers.minus} ` : ''}${value} ${unit}`;
            }) satisfies Rewrite,
          },
        ]
      : []),
    {
      name: 'year',
      pattern: new RegExp(`${NOT_WORD_BEFORE}(1[1-9]\\d\\d|20\\d\\d)${NOT_WORD_AFTER}`, 'u'),
      rewrite: (m, before) => {
        const n = Number(m[1]);
        return data.isYear(n, before) ? data.numbers.year(n) : null;
      },
    },
    {
      name: 'number',
      pattern: new RegExp(`${NOT_WORD_BEFORE}${sign}(${num})`, 'u'),
      rewrite: (m, before, after) => {
        // "-5" is negative only where a sign can stand: not "COVID-19" (checked by the lookbehind),
        // not "3 - 5" arithmetic; a dash after a word and a space is a dash, not a sign.
        const signed = Boolean(m[1]) && !/\p{N}\s*$/u.test(before);
        let words = readNumber(data, m[2] as string);
        if (data.beforeWord && !data.parse(m[2] as string).fraction && /^\s\p{L}/u.test(after)) {
          words = data.beforeWord(words);
        }
        if (m[1] && !signed) return `${m[1]}${words}`;
        return signed ? `${data.numbers.minus} ${words}` : words;
      },
    },
    {
      name: 'ampersand',
      pattern: /\s?&\s?/u,
      rewrite: () => ` ${data.ampersand} `,
    },
  ];
}

/** Integer value of a Roman numeral (I–MMMCMXCIX), or null when `text` is not one. */
export function romanValue(text: string): number | null {
  if (!/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(text) || text === '')
    return null;
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const v = values[text[i] as string] as number;
    const next = values[text[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** Chapter-heading words followed by a Roman numeral: "Chapter IV" → "Chapter four". */
export function romanHeadingRule(words: readonly string[], numbers: NumberWords): Rule {
  return {
    name: 'roman-heading',
    pattern: new RegExp(
      `(?<![\\p{L}])((?:${words.join('|')})\\.?\\s+)([IVXLCDM]+)(?![\\p{L}\\p{N}])`,
      'iu',
    ),
    rewrite: (m) => {
      const value = romanValue(m[2] as string);
      return value === null ? null : `${m[1]}${numbers.cardinal(value)}`;
    },
  };
}

/**
 * A chunk that is only a Roman numeral is a chapter heading ("IV." → "four"). A lone "I" counts
 * only where it is not a word (`loneI`: not English).
 */
export function romanAloneRule(numbers: NumberWords, loneI = true): Rule {
  return {
    name: 'roman-alone',
    pattern: loneI ? /^\s*([IVXLCDM]+)\.?\s*$/u : /^\s*([IVXLCDM]{2,}|[VXLC])\.?\s*$/u,
    rewrite: (m) => {
      const value = romanValue(m[1] as string);
      return value === null ? null : numbers.cardinal(value);
    },
  };
}

/** Abbreviations: [pattern, spoken]. A dot that also ended the sentence is kept. */
export function abbreviationRules(entries: readonly [RegExp, string][]): Rule[] {
  return entries.map(([pattern, spoken]) => ({
    name: `abbr:${spoken}`,
    pattern,
    rewrite: (m, _before, after) => {
      const endsText = after.trim() === '';
      return m[0].endsWith('.') && endsText ? `${spoken}.` : spoken;
    },
  }));
}
