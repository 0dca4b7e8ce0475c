/**
 * French number words (1990 spelling reform: every part joined by hyphens, "vingt-et-un",
 * "deux-cents", "mille-neuf-cent-quatre-vingt-quatre"), France's counting ("soixante-dix",
 * "quatre-vingts"). Years are read as cardinals, as French does.
 */
import type { NumberWords } from './number-words.ts';

const ONES = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];
const MAX = 1e15;

function below100(n: number, final: boolean): string {
  if (n < 20) return ONES[n] as string;
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 7) return unit === 1 ? 'soixante-et-onze' : `soixante-${ONES[10 + unit]}`;
  if (tens === 8)
    return unit ? `quatre-vingt-${ONES[unit]}` : final ? 'quatre-vingts' : 'quatre-vingt';
  if (tens === 9) return `quatre-vingt-${ONES[10 + unit]}`;
  const word = TENS[tens] as string;
  if (!unit) return word;
  return unit === 1 ? `${word}-et-un` : `${word}-${ONES[unit]}`;
}

function below1000(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return below100(rest, final);
  const head = hundreds === 1 ? 'cent' : `${ONES[hundreds]}-cent${!rest && final ? 's' : ''}`;
  return rest ? `${head}-${below100(rest, final)}` : head;
}

export function cardinalFr(n: number): string {
  if (!Number.isSafeInteger(n) || Math.abs(n) >= MAX) return digitsFr(String(Math.abs(n)));
  if (n < 0) return `moins ${cardinalFr(-n)}`;
  if (n < 1000) return below1000(n, true);
  const parts: string[] = [];
  let rest = n;
  for (const [value, name] of [
    [1e12, 'billion'],
    [1e9, 'milliard'],
    [1e6, 'million'],
  ] as const) {
    const count = Math.floor(rest / value);
    if (count) parts.push(`${below1000(count, true)} ${name}${count > 1 ? 's' : ''}`);
    rest %= value;
  }
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  const tail: string[] = [];
  if (thousands) tail.push(thousands === 1 ? 'mille' : `${below1000(thousands, false)}-mille`);
  if (rest) tail.push(below1000(rest, true));
  if (tail.length) parts.push(tail.join('-'));
  return parts.join(' ');
}

export function ordinalFr(n: number): string {
  if (n === 1) return 'premier';
  const words = cardinalFr(n);
  if (words.endsWith('cinq')) return `${words}uième`;
  if (words.endsWith('neuf')) return `${words.slice(0, -1)}vième`;
  if (/(?:vingts|cents|e)$/.test(words)) return `${words.slice(0, -1)}ième`;
  return `${words}ième`;
}

export function digitsFr(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)] ?? d).join(' ');
}

export const FR_NUMBERS: NumberWords = {
  cardinal: cardinalFr,
  ordinal: ordinalFr,
  year: cardinalFr,
  decimal: (integer, fraction) =>
    // "3,14" → "trois virgule quatorze"; leading zeros are read ("zéro cinq").
    `${cardinalFr(integer)} virgule ${/^0/.test(fraction) || fraction.length > 3 ? digitsFr(fraction) : cardinalFr(Number(fraction))}`,
  minus: 'moins',
};
