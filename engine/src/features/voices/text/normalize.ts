/**
 * Text normalization for narration: numbers, dates, times, currency, percentages, units,
 * abbreviations and Roman numerals in chapter headings are rewritten as words, so every engine
 * reads "$3.50" and "2024-03-05" the way a narrator would. English, German, French and Spanish
 * have rule sets (normalize-en.ts …); any other language passes through untouched: eSpeak NG,
 * which also phonemizes for Piper, reads digits natively in each of its languages, so a
 * half-right rule set would only make things worse.
 *
 * The result is a MappedText (mapped-text.ts), so offsets in the spoken text map back to the
 * text the user wrote.
 */
import { MappedText } from './mapped-text.ts';
import type { Rule } from './normalize-locale.ts';
import { DE_RULES } from './normalize-de.ts';
import { EN_RULES } from './normalize-en.ts';
import { ES_RULES } from './normalize-es.ts';
import { FR_RULES } from './normalize-fr.ts';
import { baseLanguage } from './sentences.ts';

const RULES: Record<string, readonly Rule[]> = {
  en: EN_RULES,
  de: DE_RULES,
  fr: FR_RULES,
  es: ES_RULES,
};

/** Languages with normalization rules (primary subtags). */
export const NORMALIZED_LANGUAGES: readonly string[] = Object.keys(RULES);

export function normalizesLanguage(language: string): boolean {
  return baseLanguage(language) in RULES;
}

/**
 * Rewrites the copied (`source`) parts of `text` for `language` (a BCP 47 tag or eSpeak-style
 * name such as `en-GB`). Parts already replaced (pronunciations) are left as they are.
 */
export function normalizeMapped(text: MappedText, language: string): MappedText {
  const rules = RULES[baseLanguage(language)];
  if (!rules) return text;
  let out = text;
  for (const rule of rules) out = out.rewrite(rule.pattern, rule.rewrite);
  return collapseSpaces(out);
}

/** Normalizes plain text: the spoken string only (use normalizeMapped to keep offsets). */
export function normalizeText(text: string, language: string): string {
  return normalizeMapped(MappedText.fromSource(text), language).text;
}

/**
 * Rules may leave doubled spaces ("Smith & Sons" → "Smith  and  Sons"): a replacement drops a
 * space at its edge where its neighbour already has one. Copied pieces are never changed.
 */
function collapseSpaces(text: MappedText): MappedText {
  const pieces = text.pieces;
  let changed = false;
  const out = pieces.map((piece, i) => {
    if (piece.kind !== 'spoken') return piece;
    let spoken = piece.text;
    if (spoken.startsWith(' ') && (i === 0 || /\s$/u.test(pieces[i - 1]?.text ?? ''))) {
      spoken = spoken.slice(1);
    }
    if (
      spoken.endsWith(' ') &&
      (i === pieces.length - 1 || /^\s/u.test(pieces[i + 1]?.text ?? ''))
    ) {
      spoken = spoken.slice(0, -1);
    }
    if (spoken === piece.text) return piece;
    changed = true;
    return { ...piece, text: spoken };
  });
  return changed ? new MappedText(out) : text;
}
