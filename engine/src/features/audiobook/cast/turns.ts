/**
 * The context pass's reading of the book in order: paragraph by paragraph it follows who is on
 * stage (scene.ts), resolves each quote's reporting clause, and groups speech paragraphs into
 * turns and runs of turns for turn-taking (conversation.ts).
 *
 * - A quote takes the speaker its own clause gives (the clause right after it, else right before
 *   it, else an incise). The quotes of one paragraph share one speaker when their clauses agree
 *   (by the usual convention a new speaker opens a new paragraph); clauses naming two speakers
 *   leave each quote with its own, and the paragraph out of turn-taking.
 * - A quote without a clause takes, in this order: the paragraph's speaker; the speaker named by
 *   a narration paragraph ending in a colon right before; the subject of an action beat right
 *   before it ("Mrs. Bennet deigned not to reply. “Don't keep coughing so, Kitty”") when the
 *   narration names nobody else.
 * - A quote in parentheses is an aside: only its own clause names its speaker.
 * - A paragraph continuing an open quote is the same turn as the paragraph before.
 * - A narration paragraph, a cleared or locked unnamed paragraph, or a new chapter ends a run.
 */
import type { Character, CharacterIndex, Gender } from './characters.ts';
import { appositions } from './descriptors.ts';
import type { Lexicon } from './lexicon.ts';
import { nameMentions } from './mentions.ts';
import { NARRATOR, type Resolution, type Scene } from './scene.ts';
import type { ParagraphReading } from './utterances.ts';

export type Via =
  | 'preset'
  | 'clause'
  | 'pronoun'
  | 'descriptor'
  | 'colon'
  | 'beat'
  | 'continuation'
  | 'vocative'
  | 'turn-taking';

export interface BookParagraph {
  reading: ParagraphReading;
  preset: string | null;
  /** Cleared or locked without a name: stays with the narrator and ends an exchange. */
  opaque: boolean;
  chapter: string | null;
}

export interface QuoteSpeaker {
  speaker: Character | null;
  via: Via | null;
}

export interface Turn {
  members: number[];
  speaker: Character | null;
  via: Via | null;
  /** Someone we cannot place speaks here: turn-taking stops. */
  stop: boolean;
  /** What an unresolved clause says: the speaker's gender, a descriptor to learn. */
  gender: Gender | null;
  phrase: string | null;
  /** Known characters the turn's speech addresses. */
  addressed: Character[];
  speech: string;
}

export interface BookReading {
  /** Per paragraph, per quote (in reading order). */
  quotes: QuoteSpeaker[][];
  runs: Turn[][];
}

const speakerOf = (r: Resolution | null): Character | null =>
  r?.kind === 'speaker' ? r.speaker : null;

export function readTurns(
  paragraphs: BookParagraph[],
  index: CharacterIndex,
  scene: Scene,
  lex: Lexicon,
  isKnown: (name: string) => boolean,
): BookReading {
  const quotes: QuoteSpeaker[][] = [];
  const runs: Turn[][] = [];
  let run: Turn[] = [];
  let colon: Resolution | null = null;
  let previousEndsOpen = false;
  let chapter: string | null = null;
  const endRun = () => {
    if (run.length > 0) runs.push(run);
    run = [];
    previousEndsOpen = false;
  };
  paragraphs.forEach((p, i) => {
    const { reading } = p;
    if (p.chapter !== chapter) {
      chapter = p.chapter;
      scene.reset();
      endRun();
      colon = null;
    }
    const local: Character[][] = reading.pieces.map((piece, k) => {
      if (piece.kind !== 'narration') return [];
      const tokens = reading.pieceTokens[k] ?? [];
      const mentions = nameMentions(tokens, lex, isKnown);
      scene.describe(appositions(tokens, mentions, index, lex));
      return mentions.flatMap((m) => index.of(m.name) ?? []);
    });
    const seeAll = () => local.flat().forEach((c) => scene.see(c, i));
    const preset = p.preset === null ? null : (index.of(p.preset) ?? null);
    if (reading.speechWords === 0 || p.opaque) {
      quotes.push(reading.quotes.map(() => ({ speaker: null, via: null })));
      seeAll();
      endRun();
      colon = p.opaque ? null : resolveColon(reading, scene, i, local);
      return;
    }
    const continues = previousEndsOpen && reading.startsWithSpeech && run.length > 0;
    const before = continues ? null : (run[run.length - 1]?.speaker ?? null);
    const addressed = [
      ...new Set(reading.quotes.flatMap((q) => q.vocatives).flatMap((n) => index.of(n) ?? [])),
    ];
    const resolutions = reading.quotes.map((q) => {
      const mention = q.after ?? q.before;
      if (mention === null) return null;
      // Names before the clause: the narration before the quote, and for a clause before the
      // quote that narration piece itself.
      const seen = local.slice(0, q.after !== null ? q.piece : q.piece).flat();
      return scene.resolve(mention, { paragraph: i, local: seen, addressed, exclude: before });
    });
    // An aside's clause ("(“That's Bill,” thought Alice,)") names the aside only.
    const main = resolutions.filter((_, k) => !reading.quotes[k]?.aside);
    const named = new Set(main.map(speakerOf).filter((c): c is Character => c !== null));
    let speaker: Character | null = preset;
    let via: Via | null = preset === null ? null : 'preset';
    let stop = false;
    if (speaker === null && named.size === 1) {
      speaker = [...named][0] as Character;
      const first = resolutions.findIndex((r, k) => r?.kind === 'speaker' && !reading.quotes[k]?.aside);
      via = viaOf(reading, first);
    } else if (speaker === null && named.size > 1) stop = true;
    const others = main.some((r) => r?.kind === 'other');
    if (speaker === null && !stop && others) stop = true;
    if (speaker === null && !stop && reading.startsWithSpeech && colon?.kind === 'speaker') {
      speaker = colon.speaker;
      via = 'colon';
    }
    if (speaker === null && !stop && main.every((r) => r === null) && reading.beat) {
      const beat = index.of(reading.beat);
      const mentioned = new Set(local.flat());
      if (beat !== undefined && [...mentioned].every((c) => c === beat)) {
        speaker = beat;
        via = 'beat';
      }
    }
    const open = main.filter((r) => r?.kind === 'open');
    const genders = new Set(open.map((r) => (r?.kind === 'open' ? r.gender : null)));
    const phrase = open.map((r) => (r?.kind === 'open' ? r.phrase : null)).find((x) => x) ?? null;
    const perQuote = reading.quotes.map((q, k): QuoteSpeaker => {
      const resolution = resolutions[k] ?? null;
      const own = speakerOf(resolution);
      if (own !== null) return { speaker: own, via: viaOf(reading, k) };
      if (q.aside || resolution !== null || speaker === null) return { speaker: null, via: null };
      return inherits(reading, local, k, resolutions, speaker) ? { speaker, via } : { speaker: null, via: null };
    });
    // A quote of the paragraph left without the paragraph's speaker may be another voice.
    if (perQuote.some((q, k) => q.speaker === null && !reading.quotes[k]?.aside) && speaker !== null) {
      if (via !== 'preset') stop = true;
    }
    quotes.push(perQuote);
    if (continues) {
      const turn = run[run.length - 1] as Turn;
      turn.members.push(i);
      if (turn.speaker === null && speaker !== null) {
        turn.speaker = speaker;
        turn.via = via;
      }
      turn.stop ||= stop;
      turn.addressed.push(...addressed);
      turn.speech += ` ${reading.speech}`;
    } else {
      run.push({
        members: [i],
        speaker,
        via,
        stop,
        gender: genders.size === 1 ? ([...genders][0] ?? null) : null,
        phrase,
        addressed,
        speech: reading.speech,
      });
    }
    seeAll();
    if (speaker !== null) scene.spoken(speaker, i);
    for (const c of named) scene.spoken(c, i);
    previousEndsOpen = reading.endsOpen;
    colon = null;
  });
  endRun();
  return { quotes, runs };
}

/**
 * Whether quote `k`, with no clause of its own, shares the paragraph's speaker: the narration
 * between it and the nearest quote naming that speaker names nobody else.
 */
function inherits(
  reading: ParagraphReading,
  local: Character[][],
  k: number,
  resolutions: (Resolution | null)[],
  speaker: Character,
): boolean {
  const piece = reading.quotes[k]?.piece ?? 0;
  let best: number | null = null;
  resolutions.forEach((r, j) => {
    if (speakerOf(r) !== speaker) return;
    const other = reading.quotes[j]?.piece ?? 0;
    if (best === null || Math.abs(other - piece) < Math.abs(best - piece)) best = other;
  });
  if (best === null) return true; // the speaker came from a colon line or a beat
  const [lo, hi] = best < piece ? [best, piece] : [piece, best];
  return local.slice(lo + 1, hi).every((names) => names.every((c) => c === speaker));
}

function viaOf(reading: ParagraphReading, k: number): Via {
  const q = reading.quotes[k];
  const mention = q?.after ?? q?.before;
  if (mention?.kind === 'pronoun') return 'pronoun';
  if (mention?.kind === 'descriptor') return 'descriptor';
  return 'clause';
}

function resolveColon(
  reading: ParagraphReading,
  scene: Scene,
  i: number,
  local: Character[][],
): Resolution | null {
  if (reading.colon === null) return null;
  return scene.resolve(reading.colon, {
    paragraph: i,
    local: local.flat(),
    addressed: [],
    exclude: null,
  });
}

export { NARRATOR };
