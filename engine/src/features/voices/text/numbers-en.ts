/**
 * English number words for the normalizer (normalize-en.ts): cardinals, ordinals, years and
 * decimals, the way an audiobook narrator reads them ("nineteen eighty-four", "two thousand and
 * five", "three point one four"). Integers beyond a quadrillion are read digit by digit: no
 * narrator reads them as words either.
 */
import type { NumberWords } from './number-words.ts';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];
const MAX = 1e15;

function below100(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

function below1000(n: number, and: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return below100(rest);
  const head = `${ONES[hundreds]} hundred`;
  return rest ? `${head}${and ? ' and' : ''} ${below100(rest)}` : head;
}

export function cardinalEn(n: number): string {
  if (!Number.isSafeInteger(n) || Math.abs(n) >= MAX) return digitsEn(String(Math.abs(n)));
  if (n < 0) return `minus ${cardinalEn(-n)}`;
  if (n < 1000) return below1000(n, true);
  const parts: string[] = [];
  let rest = n;
  for (const [value, name] of SCALES) {
    const count = Math.floor(rest / value);
    if (count) parts.push(`${below1000(count, true)} ${name}`);
    rest %= value;
  }
  // British and most narrators: "one thousand and five", "two million and twelve".
  if (rest) parts.push(rest < 100 ? `and ${below100(rest)}` : below1000(rest, true));
  return parts.join(' ');
}

const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

export function ordinalEn(n: number): string {
  const words = cardinalEn(n);
  const match = /([a-z]+)$/.exec(words);
  if (!match?.[1]) return words;
  const last = match[1];
  const ordinal =
    ORDINAL_WORDS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return words.slice(0, match.index) + ordinal;
}

/** 1984 → "nineteen eighty-four", 2005 → "two thousand and five", 1900 → "nineteen hundred". */
export function yearEn(n: number): string {
  if (n < 1000 || n > 9999) return cardinalEn(n);
  const century = Math.floor(n / 100);
  const rest = n % 100;
  if (n >= 2000 && n < 2010) return cardinalEn(n);
  if (century % 10 === 0 && rest === 0) return cardinalEn(n);
  if (rest === 0) return `${below100(century)} hundred`;
  if (rest < 10) return `${below100(century)} oh ${ONES[rest]}`;
  return `${below100(century)} ${below100(rest)}`;
}

export function digitsEn(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)] ?? d).join(' ');
}

export const EN_NUMBERS: NumberWords = {
  cardinal: cardinalEn,
  ordinal: ordinalEn,
  year: yearEn,
  decimal: (integer, fraction) => `${cardinalEn(integer)} point ${digitsEn(fraction)}`,
  minus: 'minus',
};
