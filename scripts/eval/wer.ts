/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, on text
 * normalised the way Whisper evaluations usually are for a quick figure: lower case, punctuation
 * dropped (apostrophes inside words kept), whitespace collapsed. Numbers are not spelled out, so
 * "1917" against "nineteen seventeen" counts as errors; the figures say so where they print.
 */
export function normalise(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/(^|\s)'+|'+(\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Edit distance between two word lists (Levenshtein on words). */
export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const same = reference[i - 1] === hypothesis[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + same,
      );
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

export interface WerCount {
  errors: number;
  words: number;
}

export function wer(reference: string, hypothesis: string): WerCount {
  const ref = normalise(reference);
  return { errors: wordErrors(ref, normalise(hypothesis)), words: ref.length };
}
