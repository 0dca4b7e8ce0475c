/**
 * What narrating a paragraph costs (document 2, "What the service does" 8 and Narration rule 4).
 * Narration is metered per character of paragraph text; the book's price is 0.04 USD per minute
 * of output (300 credits at 7 500 credits per USD). At the 155 words per minute the estimates
 * use and ~5.9 characters per word with its space, a minute is ~915 characters, so one credit per
 * three characters (rounded up per take) keeps the meter and the estimate within a few percent
 * (docs/api/narration.md).
 *
 * Rule 4: the first take of a paragraph is billed, the first regeneration (take 2) is free, and
 * later regenerations are billed again.
 */
export const CHARACTERS_PER_CREDIT = 3;
export const ESTIMATE_WORDS_PER_MINUTE = 155;

export type TakeBilling = 'billed' | 'free_regen';

/** Unicode code points, as the book's counts (docs/api/audiobook.md, "Counts"). */
export function characterCount(text: string): number {
  return [...text].length;
}

export function billingForTake(takesSoFar: number): TakeBilling {
  return takesSoFar === 1 ? 'free_regen' : 'billed';
}

export function takeCredits(characters: number, billing: TakeBilling): number {
  return billing === 'free_regen' ? 0 : Math.ceil(characters / CHARACTERS_PER_CREDIT);
}

/** Seconds of audio a text should give at the book's pace. */
export function estimatedSeconds(words: number, speed: number): number {
  return Math.round(((words / ESTIMATE_WORDS_PER_MINUTE) * 60) / speed);
}

export interface LinesQuote {
  credits: number;
  characters: number;
  seconds: number;
}

/**
 * What narrating `lines` costs at the book's `speed` (the job's reservation and the batch's
 * estimate); `overrideText` is a single narrate's replacement text.
 */
export function quoteLines(
  lines: readonly { text: string; wordCount: number; takeCount: number }[],
  speed: number,
  overrideText?: string,
): LinesQuote {
  let credits = 0;
  let characters = 0;
  let words = 0;
  for (const line of lines) {
    const text = overrideText ?? line.text;
    const chars = characterCount(text);
    characters += chars;
    words += overrideText ? text.split(/\s+/).filter(Boolean).length : line.wordCount;
    credits += takeCredits(chars, billingForTake(line.takeCount));
  }
  return { credits, characters, seconds: estimatedSeconds(words, speed) };
}
