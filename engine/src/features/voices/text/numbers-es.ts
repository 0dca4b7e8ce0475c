/**
 * Spanish number words: "veintiuno", "ciento veinte", "quinientos", "mil novecientos
 * ochenta y cuatro", "un millón", "dos millones". Years are cardinals; ordinals are words to
 * "décimo", cardinals after that (as Spanish speakers read "21.º" in running text).
 */
import type { NumberWords } from './number-words.ts';

const ONES = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];
const MAX = 1e15;

function below100(n: number): string {
  if (n < 30) return ONES[n] as string;
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)] as string;
  return unit ? `${tens} y ${ONES[unit]}` : tens;
}

function below1000(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = HUNDREDS[hundreds] as string;
  if (!rest) return head;
  return head ? `${head} ${below100(rest)}` : below100(rest);
}

/** Before a noun or "mil"/"millones", "uno" becomes "un" ("veintiún mil", "un millón"). */
function apocope(words: string): string {
  return words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');
}

export function cardinalEs(n: number): string {
  if (!Number.isSafeInteger(n) || Math.abs(n) >= MAX) return digitsEs(String(Math.abs(n)));
  if (n < 0) return `menos ${cardinalEs(-n)}`;
  if (n < 1000) return n === 0 ? 'cero' : below1000(n);
  const parts: string[] = [];
  let rest = n;
  const millions = Math.floor(rest / 1e6);
  if (millions) {
    parts.push(millions === 1 ? 'un millón' : `${apocope(cardinalEs(millions))} millones`);
    rest %= 1e6;
  }
  const thousands = Math.floor(rest / 1000);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${apocope(below1000(thousands))} mil`);
  rest %= 1000;
  if (rest) parts.push(below1000(rest));
  return parts.join(' ');
}

const ORDINALS = [
  '',
  'primero',
  'segundo',
  'tercero',
  'cuarto',
  'quinto',
  'sexto',
  'séptimo',
  'octavo',
  'noveno',
  'décimo',
];

export function ordinalEs(n: number): string {
  return ORDINALS[n] ?? cardinalEs(n);
}

export function digitsEs(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)] ?? d).join(' ');
}

export const ES_NUMBERS: NumberWords = {
  cardinal: cardinalEs,
  ordinal: ordinalEs,
  year: cardinalEs,
  decimal: (integer, fraction) =>
    `${cardinalEs(integer)} coma ${/^0/.test(fraction) || fraction.length > 3 ? digitsEs(fraction) : cardinalEs(Number(fraction))}`,
  minus: 'menos',
};
