/**
 * German number words: compounds written as one word ("dreihundertvierundzwanzig"), "eins" on
 * its own but "einundzwanzig", "eine Million", years before 2000 in hundreds
 * ("neunzehnhundertvierundachtzig"). Ordinals are given in the form after the definite article
 * ("der dritte"); date readings add the dative ending themselves (normalize-de.ts).
 */
import type { NumberWords } from './number-words.ts';

const ONES = [
  'null',
  'eins',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
];
const TENS = [
  '',
  '',
  'zwanzig',
  'dreißig',
  'vierzig',
  'fünfzig',
  'sechzig',
  'siebzig',
  'achtzig',
  'neunzig',
];
const MAX = 1e15;

function below100(n: number, final: boolean): string {
  if (n === 1) return final ? 'eins' : 'ein';
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)] as string;
  if (!unit) return tens;
  return `${unit === 1 ? 'ein' : ONES[unit]}und${tens}`;
}

function below1000(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds ? `${hundreds === 1 ? 'ein' : ONES[hundreds]}hundert` : '';
  return rest ? head + below100(rest, final) : head || 'null';
}

export function cardinalDe(n: number): string {
  if (!Number.isSafeInteger(n) || Math.abs(n) >= MAX) return digitsDe(String(Math.abs(n)));
  if (n < 0) return `minus ${cardinalDe(-n)}`;
  if (n === 0) return 'null';
  const words: string[] = [];
  let rest = n;
  for (const [value, one, many] of [
    [1e12, 'Billion', 'Billionen'],
    [1e9, 'Milliarde', 'Milliarden'],
    [1e6, 'Million', 'Millionen'],
  ] as const) {
    const count = Math.floor(rest / value);
    if (count) words.push(count === 1 ? `eine ${one}` : `${below1000(count, false)} ${many}`);
    rest %= value;
  }
  let tail = '';
  const thousands = Math.floor(rest / 1000);
  if (thousands) tail += `${thousands === 1 ? 'ein' : below1000(thousands, false)}tausend`;
  rest %= 1000;
  if (rest) tail += below1000(rest, true);
  if (tail) words.push(tail);
  return words.join(' ');
}

export function ordinalDe(n: number): string {
  const special: Record<number, string> = { 1: 'erste', 3: 'dritte', 7: 'siebte', 8: 'achte' };
  const small = n % 100;
  if (special[small] && (n < 100 || n % 100 === small)) {
    const head = n >= 100 ? cardinalDe(n - small) : '';
    return head + (special[small] as string);
  }
  // 2–19 take -te, from 20 on -ste ("zwanzigste", "hunderteinundzwanzigste").
  const words = cardinalDe(n);
  return small >= 2 && small < 20 ? `${words}te` : `${words}ste`;
}

export function yearDe(n: number): string {
  if (n >= 1100 && n < 2000) {
    const rest = n % 100;
    return `${below100(Math.floor(n / 100), false)}hundert${rest ? below100(rest, true) : ''}`;
  }
  return cardinalDe(n);
}

export function digitsDe(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)] ?? d).join(' ');
}

export const DE_NUMBERS: NumberWords = {
  cardinal: cardinalDe,
  ordinal: ordinalDe,
  year: yearDe,
  decimal: (integer, fraction) => `${cardinalDe(integer)} Komma ${digitsDe(fraction)}`,
  minus: 'minus',
};
