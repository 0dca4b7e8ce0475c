/**
 * The shape every language's number words share (numbers-en.ts, numbers-de.ts, …), so the
 * normalizer's rules for currency, percentages, units and ranges are written once.
 */
export interface NumberWords {
  cardinal(n: number): string;
  ordinal(n: number): string;
  /** How a year is read in running text (English "nineteen eighty-four"). */
  year(n: number): string;
  /** `integer` and the fraction's digits as written ("14" in 3.14). */
  decimal(integer: number, fraction: string): string;
  minus: string;
}
