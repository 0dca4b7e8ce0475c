/**
 * Turn-taking for the context pass, over the runs turns.ts builds (consecutive speech
 * paragraphs; a narration paragraph ends a run).
 *
 * - Vocative: a turn that addresses exactly one character ("Mr. Bennet, how can you…") hands
 *   the next turn to that character, and the turn before too (it answers them) when the
 *   addressing turn's own speaker is known and the turn before addresses nobody; either only
 *   when that turn has no clause of its own, does not address that character, and does not
 *   name them.
 * - Alternation: a run is cut at the turns where someone unplaced speaks; within a stretch, two
 *   known turns of two different speakers an odd number of turns apart fill the turns between
 *   them (all or none); the same speaker an even number apart fills them with the partner known
 *   from a neighbouring pair. Before the first and after the last known turn, the alternation
 *   of the nearest pair goes on outward until a turn refuses it; with one speaker known, the pair
 *   is theirs and the one other named person on stage (nobody else near). A turn refuses a speaker whose
 *   gender its clause contradicts ("she said" for a man), whom it addresses or names, or when it
 *   addresses someone other than the listener.
 * - Description: in a stretch nobody in it names, where every described turn has the same
 *   unresolved description ("said the gentleman") and falls on one parity, and one named person
 *   is on stage (nobody else named near), the turns of the other parity are that person's.
 * - Unnamed partner: in a stretch whose known turns are all one named person's, with nobody else
 *   named on stage, the turns with an unresolved description ("said the porter") stand for the
 *   partner; the named person's side of the alternation is filled between such clues and
 *   outward from them until a turn refuses.
 * The steps repeat until nothing changes, since each gives the others known turns.
 */
import type { Character } from './characters.ts';
import { parseName } from './characters.ts';
import { kinship } from './descriptors.ts';
import { lexiconFor, type Lexicon } from './lexicon.ts';
import { NARRATOR } from './scene.ts';
import type { Turn } from './turns.ts';

/** Titles are read with the English lists (Mr./Mrs. for kin words). */
const LEX = lexiconFor('en');

/** Turns whose speaker may anchor an alternation: not an action beat, which is a guess. */
const ANCHORS = new Set([
  'preset',
  'clause',
  'colon',
  'descriptor',
  'pronoun',
  'vocative',
  'turn-taking',
]);

function fitsGender(turn: Turn, speaker: Character): boolean {
  return turn.gender === null || speaker.gender === null || speaker.gender === turn.gender;
}

/**
 * Whether the speech names the character by one of its own names ("Mr. Bennet", not just
 * "Bennet", which Mrs. Bennet may say of her husband).
 */
export function namesSelf(speech: string, character: Character): boolean {
  return character.forms.some((form) => {
    const pattern = form
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/\.$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\.?\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u').test(speech);
  });
}

/**
 * An unresolved descriptor accepts a guessed speaker only when it fits: a known gender that
 * agrees, and for "his wife"/"her mother" (married women) or "her husband"/"his father" a
 * matching Mrs./Mr. among the speaker's names.
 */
function fitsDescriptor(turn: Turn, speaker: Character, lex: Lexicon): boolean {
  if (turn.phrase === null) return true;
  if (turn.gender !== null && speaker.gender !== turn.gender) return false;
  const kin = kinship(turn.phrase);
  if (kin === null) return true;
  const title = kin.kin === 'husband' || kin.kin === 'father' ? 'mr' : 'mrs';
  return speaker.forms.some((f) => parseName(f, lex).titles.includes(title));
}

function refuses(turn: Turn, speaker: Character, listener: Character): boolean {
  if (turn.stop || !fitsGender(turn, speaker)) return true;
  if (!fitsDescriptor(turn, speaker, LEX)) return true;
  if (turn.addressed.some((c) => c === speaker || c !== listener)) return true;
  return speaker !== NARRATOR && namesSelf(turn.speech, speaker);
}

/** Whether `turn` may be given to `target` on the strength of a vocative next to it. */
function vocativeFits(turn: Turn, target: Character): boolean {
  if (turn.speaker !== null || turn.stop || turn.gender !== null || turn.phrase !== null) {
    return false;
  }
  return !turn.addressed.includes(target) && !namesSelf(turn.speech, target);
}

/** The one character a turn addresses, other than its own speaker. */
function addresseeOf(turn: Turn): Character | null {
  const addressed = [...new Set(turn.addressed)].filter((c) => c !== turn.speaker);
  return addressed.length === 1 ? (addressed[0] as Character) : null;
}

/**
 * A turn addressing someone ("Mr. Bennet, how can you…") is answered by them in the next turn,
 * and answers them: the turn before is theirs too.
 */
function byVocative(run: Turn[]): boolean {
  let changed = false;
  run.forEach((turn, k) => {
    const target = addresseeOf(turn);
    if (target === null) return;
    const before = run[k - 1];
    // The reply answers the turn before: theirs, when the reply’s speaker is known (the vocative
    // is then surely a reply) and that turn addresses nobody itself.
    const answered =
      before !== undefined && before.addressed.length === 0 && turn.speaker !== null
        ? [before]
        : [];
    for (const other of [run[k + 1], ...answered]) {
      if (other === undefined || !vocativeFits(other, target)) continue;
      other.speaker = target;
      other.via = 'vocative';
      changed = true;
    }
  });
  return changed;
}

/** Fills `indices` alternating from a known turn; all or none. */
function fillAll(
  run: Turn[],
  indices: number[],
  from: number,
  pair: [Character, Character],
): boolean {
  const start = run[from]?.speaker;
  if (start === null || start === undefined) return false;
  const guesses: [number, Character][] = [];
  for (const k of indices) {
    const odd = Math.abs(k - from) % 2 === 1;
    const speaker = odd ? (start === pair[0] ? pair[1] : pair[0]) : start;
    const listener = speaker === pair[0] ? pair[1] : pair[0];
    if (refuses(run[k] as Turn, speaker, listener)) return false;
    guesses.push([k, speaker]);
  }
  for (const [k, speaker] of guesses) {
    const turn = run[k] as Turn;
    turn.speaker = speaker;
    turn.via = 'turn-taking';
  }
  return guesses.length > 0;
}

/** Fills outward from a known turn, one turn at a time, until a turn refuses. */
function fillOutward(
  run: Turn[],
  from: number,
  step: 1 | -1,
  end: number,
  pair: [Character, Character],
): boolean {
  let changed = false;
  for (let k = from + step; step > 0 ? k < end : k > end; k += step) {
    if (!fillAll(run, [k], from, pair)) break;
    changed = true;
  }
  return changed;
}

function alternateStretch(run: Turn[], lo: number, hi: number): boolean {
  const known: number[] = [];
  for (let k = lo; k < hi; k++) {
    const turn = run[k] as Turn;
    if (turn.speaker !== null && ANCHORS.has(turn.via ?? '')) known.push(k);
  }
  const speakerAt = (k: number) => run[k]?.speaker as Character;
  /** The pair around known turn `a`: the nearest known turn of another speaker an odd gap away. */
  const partnerOf = (a: number, direction: 1 | -1): Character | null => {
    const at = known.indexOf(a);
    for (let j = at + direction; j >= 0 && j < known.length; j += direction) {
      const b = known[j] as number;
      const gap = Math.abs(b - a);
      const same = speakerAt(b) === speakerAt(a);
      if (same !== (gap % 2 === 0)) return null; // the alternation breaks between them
      if (!same) return speakerAt(b);
    }
    return null;
  };
  // Tails and same-speaker gaps guess a partner: only in a stretch two people hold.
  const twoParty = new Set(known.map(speakerAt)).size <= 2;
  let changed = false;
  for (let n = 0; n + 1 < known.length; n++) {
    const a = known[n] as number;
    const b = known[n + 1] as number;
    if (b - a < 2) continue;
    const between = Array.from({ length: b - a - 1 }, (_, k) => a + 1 + k);
    const sa = speakerAt(a);
    const sb = speakerAt(b);
    if (sa !== sb && (b - a) % 2 === 1) changed = fillAll(run, between, a, [sa, sb]) || changed;
    else if (twoParty && sa === sb && (b - a) % 2 === 0) {
      const partner = partnerOf(a, -1) ?? partnerOf(b, 1);
      if (partner !== null) changed = fillAll(run, between, a, [sa, partner]) || changed;
    }
  }
  const first = known[0];
  const last = known[known.length - 1];
  if (!twoParty) return changed;
  // One speaker known, and one other person on stage: the exchange is theirs.
  const alone = first !== undefined && new Set(known.map(speakerAt)).size === 1;
  const stagePartner = alone ? onlyOtherOnStage(run[first] as Turn, speakerAt(first)) : null;
  if (first !== undefined && first > lo) {
    const partner = partnerOf(first, 1) ?? stagePartner;
    if (partner !== null) {
      changed = fillOutward(run, first, -1, lo - 1, [speakerAt(first), partner]) || changed;
    }
  }
  if (last !== undefined && last < hi - 1) {
    const partner = partnerOf(last, -1) ?? stagePartner;
    if (partner !== null) {
      changed = fillOutward(run, last, 1, hi, [speakerAt(last), partner]) || changed;
    }
  }
  return changed;
}

/** Salience a second person needs to be on stage, and the most a third may have. */
const PARTNER_SALIENCE = 1;
const THIRD_SALIENCE = 0.1;

/**
 * The one other named person on stage with `speaker` when the turn starts: salient enough, with
 * nobody else (named or not) near, and of the other gender or a gender the book does not say.
 */
function onlyOtherOnStage(turn: Turn, speaker: Character): Character | null {
  const others = turn.stage.filter((p) => p.character !== speaker);
  const [first, second] = others;
  if (first === undefined || first.character.name === '' || first.salience < PARTNER_SALIENCE) {
    return null;
  }
  if (second !== undefined && second.salience >= THIRD_SALIENCE) return null;
  return first.character;
}

/** The listener of a line spoken to someone the book does not name. */
const UNNAMED: Character = { name: '', forms: [], gender: null, fixed: false };

/**
 * A stretch nobody in it names, between one named person on stage and someone only described
 * ("“How much?” asked a gentleman", "said the gentleman"): the described turns all fall on one
 * parity, and the turns of the other parity are the named person's (all or none).
 */
function byDescription(run: Turn[], lo: number, hi: number): boolean {
  const stretch = Array.from({ length: hi - lo }, (_, k) => lo + k);
  if (stretch.some((k) => run[k]?.speaker !== null)) return false;
  const described = stretch.filter((k) => run[k]?.phrase !== null);
  const phrases = new Set(described.map((k) => run[k]?.phrase));
  const parities = new Set(described.map((k) => k % 2));
  if (described.length === 0 || phrases.size !== 1 || parities.size !== 1) return false;
  const near = (run[lo] as Turn).stage.filter(
    (p) => p.character.name !== '' && p.salience >= THIRD_SALIENCE,
  );
  const person = near.length === 1 ? (near[0] as { character: Character; salience: number }) : null;
  if (person === null || person.salience < PARTNER_SALIENCE) return false;
  const parity = described[0] as number;
  const theirs = stretch.filter((k) => k % 2 !== parity % 2);
  if (theirs.some((k) => refuses(run[k] as Turn, person.character, UNNAMED))) return false;
  for (const k of theirs) {
    const turn = run[k] as Turn;
    turn.speaker = person.character;
    turn.via = 'turn-taking';
  }
  return theirs.length > 0;
}

/**
 * One named speaker and someone only described ("said the porter", "asked the man"): in a
 * stretch where every known turn is the named person's, nobody else named is on stage, and some
 * turn carries an unresolved description, the described turns stand for the partner. Between
 * two such clues that keep the alternation (the same side an even number of turns apart, the
 * two sides an odd number), the named person's turns are filled (all or none); after the last
 * clue, and before the first, they go on until a turn refuses. The partner's turns stay unnamed.
 */
function byUnnamedPartner(run: Turn[], lo: number, hi: number): boolean {
  const clues: { k: number; named: boolean }[] = [];
  let person: Character | null = null;
  for (let k = lo; k < hi; k++) {
    const turn = run[k] as Turn;
    if (turn.speaker !== null && ANCHORS.has(turn.via ?? '')) {
      if (turn.speaker === NARRATOR || (person !== null && person !== turn.speaker)) return false;
      person = turn.speaker;
      clues.push({ k, named: true });
    } else if (turn.speaker === null && turn.phrase !== null) clues.push({ k, named: false });
  }
  if (person === null || clues.every((c) => c.named)) return false;
  const me = person;
  const others = (run[lo] as Turn).stage.filter(
    (p) => p.character !== me && p.character.name !== '' && p.salience >= THIRD_SALIENCE,
  );
  if (others.length > 0) return false;
  const theirs = (from: { k: number; named: boolean }, k: number) =>
    (Math.abs(k - from.k) % 2 === 0) === from.named;
  const fill = (ks: number[]): boolean => {
    if (ks.some((k) => refuses(run[k] as Turn, me, UNNAMED))) return false;
    for (const k of ks) {
      const turn = run[k] as Turn;
      turn.speaker = me;
      turn.via = 'turn-taking';
    }
    return ks.length > 0;
  };
  let changed = false;
  for (let n = 0; n + 1 < clues.length; n++) {
    const a = clues[n] as { k: number; named: boolean };
    const b = clues[n + 1] as { k: number; named: boolean };
    if ((a.named === b.named) !== ((b.k - a.k) % 2 === 0)) continue;
    const between = Array.from({ length: b.k - a.k - 1 }, (_, j) => a.k + 1 + j);
    const open = between.filter((k) => theirs(a, k) && run[k]?.speaker === null);
    changed = fill(open) || changed;
  }
  // Outward from the first and the last clue, until a turn refuses.
  const outward = (from: { k: number; named: boolean }, step: 1 | -1) => {
    for (let k = from.k + step; k >= lo && k < hi; k += step) {
      if (!theirs(from, k) || run[k]?.speaker !== null) continue;
      if (!fill([k])) break;
      changed = true;
    }
  };
  outward(clues[0] as { k: number; named: boolean }, -1);
  outward(clues[clues.length - 1] as { k: number; named: boolean }, 1);
  return changed;
}

function byAlternation(run: Turn[]): boolean {
  let changed = false;
  let lo = 0;
  for (let k = 0; k <= run.length; k++) {
    const turn = run[k];
    if (turn !== undefined && !(turn.stop && turn.speaker === null)) continue;
    if (k - lo >= 2) {
      changed = byDescription(run, lo, k) || changed;
      changed = byUnnamedPartner(run, lo, k) || changed;
      changed = alternateStretch(run, lo, k) || changed;
    }
    lo = k + 1;
  }
  return changed;
}

export function takeTurns(runs: Turn[][]): void {
  for (const run of runs) {
    for (let round = 0; round < 4; round++) {
      const a = byVocative(run);
      const b = byAlternation(run);
      if (!a && !b) break;
    }
  }
}
