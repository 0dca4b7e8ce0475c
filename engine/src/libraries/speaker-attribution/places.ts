/**
 * Places are not speakers (issue 28, docs/api/audiobook.md "Cast"): "Netherfield", "Longbourn",
 * "Baker Street" are capitalised like names and, read as names, became characters with lines
 * (Netherfield was given a child's voice). A name form is a place when:
 * - its last word names a kind of place ("Netherfield House", "Baker Street", "Hunsford
 *   Parsonage"), or
 * - the narration puts it after a locative preposition ("in Meryton", "at Pemberley", "near
 *   London"), and it is not followed by a possessive ("in Jane's room" is Jane's).
 * A group of forms is a place only when none of its forms speaks in a reporting clause, carries
 * a title or is a known first name (characters.ts): people are "at" places, places never "say".
 */
import { isWord, type Token } from './tokens.ts';

/** Prepositions that put a place after them; "to", "from", "with" are as often followed by a person. */
const LOCATIVE = new Set([
  'in',
  'into',
  'at',
  'near',
  'within',
  'inside',
  'outside',
  'beyond',
  'throughout',
  'dans',
  'à',
  'près',
  'vers',
]);

/** Last words that make a name a place (English and French). */
const PLACE_WORDS = new Set([
  'house',
  'hall',
  'park',
  'lodge',
  'street',
  'square',
  'lane',
  'road',
  'place',
  'court',
  'abbey',
  'castle',
  'manor',
  'farm',
  'inn',
  'church',
  'parsonage',
  'rectory',
  'vicarage',
  'cottage',
  'gardens',
  'terrace',
  'bridge',
  'hill',
  'wood',
  'common',
  'rue',
  'château',
]);

/** The name ends with a word for a kind of place. */
export function namesAPlace(name: string): boolean {
  const words = name.toLowerCase().split(/\s+/);
  return words.length >= 2 && PLACE_WORDS.has(words[words.length - 1] as string);
}

/**
 * A mention at tokens [from, to) read as a place: after a locative preposition, not a
 * possessive ("at Elizabeth's side").
 */
export function locativeMention(tokens: Token[], from: number, to: number): boolean {
  const before = tokens[from - 1];
  if (!isWord(before) || before.cap || !LOCATIVE.has(before.lower)) return false;
  const last = tokens[to - 1];
  return last === undefined || !/['’]s$/i.test(last.text);
}
