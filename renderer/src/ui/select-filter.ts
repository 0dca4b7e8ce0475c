/**
 * What the Select's search box matches: every word typed must start a word of the option's
 * label or keywords (an id, a language), ignoring case and accents, so "mor" finds "Morag" and
 * "en gb" finds "English (UK)" tagged `en-gb`.
 */
export interface Searchable {
  label: string;
  keywords?: readonly string[] | undefined;
}

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function matches(option: Searchable, query: string): boolean {
  const wanted = wordsOf(query);
  if (wanted.length === 0) return true;
  const words = wordsOf([option.label, ...(option.keywords ?? [])].join(' '));
  const whole = fold([option.label, ...(option.keywords ?? [])].join(' '));
  return wanted.every((w) => words.some((word) => word.startsWith(w)) || whole.includes(w));
}

export function filterOptions<T extends Searchable>(options: readonly T[], query: string): T[] {
  return options.filter((option) => matches(option, query));
}
