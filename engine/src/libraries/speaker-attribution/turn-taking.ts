/**
 * Turn-taking in a two-person exchange (spec "Character voices (cast)", rule 6): once both
 * speakers of an unbroken run of dialogue are known, the unattributed turns alternate between
 * them. The input is one run: consecutive turns with no narration between them (a narration
 * paragraph ends an exchange).
 *
 * - The pair is known from two named turns of different speakers an odd number of turns apart;
 *   the unknown turns between them are filled only when the parity agrees at both ends.
 * - After the last named turn the alternation goes on to the end of the run.
 * - Stops: a third speaker, an unnamed reporting clause (`he said`) or an ambiguous turn
 *   (`stop`), a named turn that contradicts the parity (someone spoke twice: the guesses since
 *   the previous named turn are dropped), and a line whose speech addresses its would-be
 *   speaker or someone outside the pair. A line that stops the alternation drops every guess
 *   since the previous named turn, not only its own. After a stop the pair must be known again.
 */

export type TurnEvidence = { kind: 'named'; name: string } | { kind: 'unknown' } | { kind: 'stop' };

export interface AlternationOptions {
  same: (a: string, b: string) => boolean;
  /**
   * Whether turn `turn` cannot be `speaker` talking to `listener`: it addresses its would-be
   * speaker, or someone outside the pair.
   */
  rejects: (turn: number, speaker: string, listener: string) => boolean;
}

/** Inferred speaker per turn (only for `unknown` turns; null where nothing is inferred). */
export function alternate(turns: TurnEvidence[], opts: AlternationOptions): (string | null)[] {
  const out: (string | null)[] = turns.map(() => null);
  let pair: [string, string] | null = null;
  let last: { name: string; index: number } | null = null;
  let pending: number[] = [];

  const other = (name: string): string | null => {
    if (pair === null) return null;
    return opts.same(name, pair[0]) ? pair[1] : pair[0];
  };
  /** Fills `pending` turns alternating from the last named turn; all or none of them. */
  const fill = (indices: number[]): boolean => {
    if (last === null) return false;
    const from = last;
    const guesses: [number, string][] = [];
    for (const k of indices) {
      const speaker = (k - from.index) % 2 === 1 ? other(from.name) : from.name;
      const listener = speaker === null ? null : other(speaker);
      if (speaker === null || listener === null || opts.rejects(k, speaker, listener)) {
        return false;
      }
      guesses.push([k, speaker]);
    }
    for (const [index, name] of guesses) out[index] = name;
    return true;
  };
  const reset = () => {
    pair = null;
    last = null;
    pending = [];
  };

  turns.forEach((turn, k) => {
    if (turn.kind === 'stop') {
      if (pair !== null) fill(pending);
      reset();
      return;
    }
    if (turn.kind === 'unknown') {
      if (last !== null) pending.push(k);
      return;
    }
    const name = turn.name;
    if (last === null) {
      last = { name, index: k };
      pending = [];
      return;
    }
    const gap = k - last.index;
    if (pair === null) {
      if (!opts.same(name, last.name) && gap % 2 === 1) {
        pair = [last.name, name];
        if (!fill(pending)) pair = null;
      }
    } else if (!opts.same(name, pair[0]) && !opts.same(name, pair[1])) {
      pair = null; // a third speaker
    } else {
      const expected = gap % 2 === 1 ? other(last.name) : last.name;
      if (expected !== null && opts.same(name, expected)) {
        if (!fill(pending)) pair = null;
      } else pair = null; // someone spoke twice: the turns no longer alternate
    }
    last = { name, index: k };
    pending = [];
  });
  if (pair !== null) fill(pending);
  return out;
}
