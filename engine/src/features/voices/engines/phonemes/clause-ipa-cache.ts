/**
 * Cleaned eSpeak IPA per (eSpeak voice, clause text), so a retake of a passage (same text,
 * other speed, energy or seed) or a clause that recurs in a book (540 of the first 3,748
 * clauses of Alice in Wonderland repeat an earlier one) is not phonemized again. eSpeak NG's
 * IPA for a clause depends only on the voice and the clause: those 3,748 clauses, phonemized in
 * book order and again in reverse, gave the same IPA. Bounded, least recently used out first:
 * a Map keeps insertion order, so re-inserting on a hit makes its first key the oldest.
 */
export class ClauseIpaCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(voice: string, clause: string): string | undefined {
    const key = `${voice}\u0000${clause}`;
    const ipa = this.entries.get(key);
    if (ipa === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, ipa);
    return ipa;
  }

  set(voice: string, clause: string, ipa: string): void {
    const key = `${voice}\u0000${clause}`;
    this.entries.delete(key);
    this.entries.set(key, ipa);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
