/**
 * An age hint for a character from how the book names it ("Old Jolyon", "Little Nell", "the
 * boy", "Grandmother"): the voices area ranks distinct voices by it. Names say nothing about
 * age most of the time, so no hint (null) is the usual answer, and the pick treats it as any age.
 */
import type { VoiceAge } from '../../voices/index.ts';

const SENIOR = /\b(old|elder|aged|grand(?:father|mother|pa|ma|dad|mum)|granny|gran)\b/i;
const CHILD = /\b(little|boy|girl|child|kid|baby|lad|lass)\b/i;
const YOUNG = /\b(young|youth|junior|jr)\b/i;

/** The hint from a character's names (main name and aliases). */
export function ageHint(names: readonly string[]): VoiceAge | null {
  const text = names.join(' | ');
  if (SENIOR.test(text)) return 'senior';
  if (CHILD.test(text)) return 'child';
  if (YOUNG.test(text)) return 'young';
  return null;
}
