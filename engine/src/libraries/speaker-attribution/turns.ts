/**
 * The context pass's reading of the book in order: paragraph by paragraph it follows who is on
 * stage (scene.ts), resolves each quote's reporting clause, and groups the speech into turns and
 * runs of turns for turn-taking (conversation.ts).
 *
 * - A paragraph's speech is one voice, or several where two quotes follow each other with only
 *   spaces between (`“…--” “Yes, you must,” echoed Margaret`): each voice is a turn.
 * - A quote takes the speaker its own clause gives (the clause right after it, else right before
 *   it; incises are clauses of their own). The quotes of one voice share its speaker when their
 *   clauses agree; clauses naming two speakers leave each quote with its own, and the voice out
 *   of turn-taking.
 * - A quote without a clause takes the voice's speaker when the narration between it and the
 *   quote that named the speaker names nobody else (when it names someone else, the quote is
 *   left without a speaker, and the turn's speaker is not given to it later); else, for a voice
 *   opening the paragraph, the speaker named by a narration paragraph ending in a colon right
 *   before; else the subject of an action beat right before it ("Mrs. Bennet deigned not to
 *   reply. “Don't keep coughing so”") when the narration names nobody else.
 * - A quote in parentheses is an aside: only its own clause names its speaker, and that clause
 *   names nobody else.
 * - A paragraph continuing an open quote is the same turn as the paragraph before.
 * - A narration paragraph, a cleared or locked unnamed paragraph, or a new chapter ends a run.
 */
import type { Character, CharacterIndex, Gender } from './characters.ts';
import { appositions } from './descriptors.ts';
import type { Lexicon } from './lexicon.ts';
import { nameMentions, unnamedPeople, type NameMention } from './mentions.ts';
import { SPEECH_SHARE } from './paragraph-analysis.ts';
import { type ClauseContext, type Resolution, type Scene } from './scene.ts';
import { isSentenceEnd, type Token } from './tokens.ts';
import type { ParagraphReading } from './utterances.ts';

export type Via =
  'preset' | 'clause' | 'pronoun' | 'descriptor' | 'colon' | 'beat' | 'vocative' | 'turn-taking';

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
  /**
   * Left without the voice's speaker because the narration since that speaker's clause names
   * someone else: the turn's speaker is not given to it later either.
   */
  withheld?: boolean;
}

export interface Turn {
  /** Paragraph index and its quote indices, per paragraph the turn spans. */
  parts: { paragraph: number; quotes: number[] }[];
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
  /** Who is on stage when the turn starts (scene.ts people), for a pair nobody names. */
  stage: { character: Character; salience: number }[];
}

export interface BookReading {
  /** Per paragraph, per quote (in reading order). */
  quotes: QuoteSpeaker[][];
  runs: Turn[][];
}

const speakerOf = (r: Resolution | null): Character | null =>
  r?.kind === 'speaker' ? r.speaker : null;

interface ParagraphContext {
  index: number;
  reading: ParagraphReading;
  /** Characters named in each narration piece. */
  local: Character[][];
  addressed: Character[];
  resolutions: (Resolution | null)[];
}

/** A narration piece's tokens without the sentence that tags the quote before or after it. */
function withoutTags(reading: ParagraphReading, k: number, tokens: Token[]): Token[] {
  let from = 0;
  let to = tokens.length;
  if (reading.pieces[k - 1]?.kind === 'speech') {
    while (from < to && !isSentenceEnd(tokens[from])) from++;
  }
  if (reading.pieces[k + 1]?.kind === 'speech') {
    while (to > from && !isSentenceEnd(tokens[to - 1])) to--;
  }
  return tokens.slice(from, to);
}

function clauseOf(reading: ParagraphReading, k: number): Via {
  const q = reading.quotes[k];
  const mention = q?.after ?? q?.before;
  if (mention?.kind === 'pronoun') return 'pronoun';
  if (mention?.kind === 'descriptor') return 'descriptor';
  return 'clause';
}

/**
 * Whether quote `k`, with no clause of its own, shares the voice's speaker: the narration
 * between it and the nearest quote naming that speaker names nobody else.
 */
function inherits(p: ParagraphContext, k: number, quotes: number[], speaker: Character): boolean {
  const piece = p.reading.quotes[k]?.piece ?? 0;
  let best: number | null = null;
  for (const j of quotes) {
    if (speakerOf(p.resolutions[j] ?? null) !== speaker) continue;
    const other = p.reading.quotes[j]?.piece ?? 0;
    if (best === null || Math.abs(other - piece) < Math.abs(best - piece)) best = other;
  }
  const [lo, hi] = best === null ? [-1, piece] : best < piece ? [best, piece] : [piece, best];
  return p.local.slice(lo + 1, hi).every((names) => names.every((c) => c === speaker));
}

interface VoiceResult {
  turn: Turn;
  perQuote: Map<number, QuoteSpeaker>;
}

/** One voice of a paragraph: its speaker, its quotes' speakers, and its turn. */
function readVoice(
  p: ParagraphContext,
  quotes: number[],
  opening: { preset: Character | null; colon: Resolution | null; index: CharacterIndex },
): VoiceResult {
  const { reading, resolutions } = p;
  const main = quotes.filter((k) => !reading.quotes[k]?.aside);
  const named = new Set(
    main.map((k) => speakerOf(resolutions[k] ?? null)).filter((c): c is Character => c !== null),
  );
  let speaker: Character | null = opening.preset;
  let via: Via | null = speaker === null ? null : 'preset';
  let stop = false;
  if (speaker === null && named.size === 1) {
    speaker = [...named][0] as Character;
    via = clauseOf(reading, main.find((k) => resolutions[k]?.kind === 'speaker') ?? 0);
  } else if (speaker === null && named.size > 1) stop = true;
  if (speaker === null && main.some((k) => resolutions[k]?.kind === 'other')) stop = true;
  const clauseless = main.every((k) => resolutions[k] === null);
  if (speaker === null && !stop && clauseless && opening.colon?.kind === 'speaker') {
    speaker = opening.colon.speaker;
    via = 'colon';
  }
  const beat = reading.beat === null ? undefined : opening.index.of(reading.beat);
  const firstPiece = reading.quotes[quotes[0] ?? 0]?.piece ?? 0;
  const before = new Set(p.local.slice(0, firstPiece).flat());
  if (speaker === null && !stop && clauseless && beat !== undefined && before.has(beat)) {
    if ([...before].every((c) => c === beat)) {
      speaker = beat;
      via = 'beat';
    }
  }
  const perQuote = new Map<number, QuoteSpeaker>();
  for (const k of quotes) {
    const resolution = resolutions[k] ?? null;
    const own = speakerOf(resolution);
    if (own !== null) perQuote.set(k, { speaker: own, via: clauseOf(reading, k) });
    else if (reading.quotes[k]?.aside || resolution !== null || speaker === null) {
      perQuote.set(k, { speaker: null, via: null });
    } else if (via === 'preset' || inherits(p, k, quotes, speaker)) {
      perQuote.set(k, { speaker, via });
    } else perQuote.set(k, { speaker: null, via: null, withheld: true });
  }
  // A quote of the voice left without its speaker may be someone else: no turn-taking here.
  if (speaker !== null && via !== 'preset') {
    if (main.some((k) => perQuote.get(k)?.speaker === null)) stop = true;
  }
  const open = main.map((k) => resolutions[k] ?? null).filter((r) => r?.kind === 'open');
  const genders = new Set(open.map((r) => (r?.kind === 'open' ? r.gender : null)));
  const phrase = open.map((r) => (r?.kind === 'open' ? r.phrase : null)).find((x) => x) ?? null;
  const addressed = [
    ...new Set(
      quotes
        .flatMap((k) => reading.quotes[k]?.vocatives ?? [])
        .flatMap((n) => opening.index.of(n) ?? []),
    ),
  ];
  const speech = quotes
    .map((k) => reading.quotes[k])
    .map((q) =>
      q === undefined
        ? ''
        : reading.text.slice(reading.pieces[q.piece]?.start, reading.pieces[q.piece]?.end),
    )
    .join(' ');
  return {
    turn: {
      parts: [{ paragraph: p.index, quotes }],
      speaker,
      via,
      stop,
      gender: genders.size === 1 ? ([...genders][0] ?? null) : null,
      phrase,
      addressed,
      speech,
      stage: [],
    },
    perQuote,
  };
}

/** The character named as the subject of the last sentence of a narration piece, if any. */
function subjectOfLastSentence(
  tokens: Token[],
  mentions: NameMention[],
  index: CharacterIndex,
): Character | null {
  let start = tokens.length - 1;
  while (start > 0 && !isSentenceEnd(tokens[start - 1])) start--;
  const subject = mentions.find((m) => m.subject && m.from >= start);
  return subject === undefined ? null : (index.of(subject.name) ?? null);
}

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
  /** The last speaker of the chapter, across narration: whom a "replied" answers. */
  let lastSpeaker: Character | null = null;
  /** A narration paragraph right before: whom it names and the unnamed people it brings on. */
  let narrationBefore: { named: Character[]; unnamed: Gender[]; last: Character | null } | null =
    null;
  const endRun = () => {
    if (run.length > 0) runs.push(run);
    run = [];
    previousEndsOpen = false;
  };
  paragraphs.forEach((book, i) => {
    const { reading } = book;
    if (book.chapter !== chapter) {
      chapter = book.chapter;
      scene.reset();
      endRun();
      colon = null;
      lastSpeaker = null;
    }
    // Per narration piece: everyone it names, and those it names as a sentence's subject.
    const subjects: Character[][] = [];
    const unnamed: Gender[][] = [];
    let lastSubject: Character | null = null;
    const local: Character[][] = reading.pieces.map((piece, k) => {
      subjects[k] = [];
      unnamed[k] = [];
      if (piece.kind !== 'narration') return [];
      const tokens = reading.pieceTokens[k] ?? [];
      const mentions = nameMentions(tokens, lex, isKnown);
      scene.describe(appositions(tokens, mentions, index, lex));
      subjects[k] = mentions.filter((m) => m.subject).flatMap((m) => index.of(m.name) ?? []);
      lastSubject = subjectOfLastSentence(tokens, mentions, index);
      // The reporting clauses beside a quote are resolved on their own ("said his lady"): only
      // the rest of the narration brings unnamed people on.
      unnamed[k] = unnamedPeople(withoutTags(reading, k, tokens), lex);
      for (const gender of unnamed[k]) scene.seeUnnamed(gender, i);
      return mentions.flatMap((m) => index.of(m.name) ?? []);
    });
    const seeAll = () => {
      local.flat().forEach((c) => scene.see(c, i));
      subjects.flat().forEach((c) => scene.see(c, i, true));
    };
    if (reading.speechWords === 0 || book.opaque) {
      quotes.push(reading.quotes.map(() => ({ speaker: null, via: null })));
      seeAll();
      // Reported speech ("Mr. Bennet replied that he had not") is a turn too: whom the next
      // "returned she" answers.
      const reported = reading.narrationSpeakers.flatMap((n) => index.of(n) ?? []);
      if (reported.length > 0) lastSpeaker = reported[reported.length - 1] as Character;
      endRun();
      narrationBefore = book.opaque
        ? null
        : { named: local.flat(), unnamed: unnamed.flat(), last: lastSubject };
      colon =
        book.opaque || reading.colon === null
          ? null
          : scene.resolve(reading.colon, {
              paragraph: i,
              local: local.flat(),
              addressed: [],
              exclude: null,
            });
      return;
    }
    const continues = previousEndsOpen && reading.startsWithSpeech && run.length > 0;
    const addressed = [
      ...new Set(reading.quotes.flatMap((q) => q.vocatives).flatMap((n) => index.of(n) ?? [])),
    ];
    const p: ParagraphContext = { index: i, reading, local, addressed, resolutions: [] };
    const voices = new Map<number, number[]>();
    reading.quotes.forEach((q, k) => voices.set(q.voice, [...(voices.get(q.voice) ?? []), k]));
    const preset = book.preset === null ? null : (index.of(book.preset) ?? null);
    const perQuote: QuoteSpeaker[] = reading.quotes.map(() => ({ speaker: null, via: null }));
    let first = true;
    for (const members of voices.values()) {
      const joins = first && continues;
      const exclude = joins ? null : (run[run.length - 1]?.speaker ?? null);
      for (const k of members) {
        const q = reading.quotes[k];
        const mention = q?.after ?? q?.before ?? null;
        // Before the clause: the sentence subjects of the narration, and the speakers the
        // paragraph's earlier clauses named ("…," ajouta Roger, "…," dit-il).
        const earlier = p.resolutions
          .slice(0, k)
          .map((r) => (r?.kind === 'speaker' ? r.speaker : null))
          .filter((c): c is Character => c !== null);
        const piece = q?.piece ?? 0;
        const opensParagraph = reading.pieces.slice(0, piece).every((x) => x.kind === 'speech');
        const ctx: ClauseContext = {
          paragraph: i,
          local: [...subjects.slice(0, piece).flat(), ...earlier],
          addressed,
          exclude: exclude ?? (q?.reply === true && !joins ? lastSpeaker : null),
          near: opensParagraph
            ? (narrationBefore ?? undefined)
            : { named: local.slice(0, piece).flat(), unnamed: unnamed.slice(0, piece).flat() },
        };
        p.resolutions[k] = mention === null ? null : scene.resolve(mention, ctx);
      }
      const stage = scene.people(i);
      const voice = readVoice(p, members, {
        preset,
        colon: first && reading.startsWithSpeech ? colon : null,
        index,
      });
      for (const [k, speaker] of voice.perQuote) perQuote[k] = speaker;
      voice.turn.stage = stage;
      const previous = run[run.length - 1];
      // Speech set inside narration (a quote in a mostly-narration paragraph that names no
      // speaker) is no turn of a dialogue: it ends the exchange.
      const dialogue = reading.speechWords >= SPEECH_SHARE * reading.totalWords;
      if (!dialogue && voice.turn.speaker === null && !joins) {
        endRun();
      } else if (joins && previous !== undefined) {
        previous.parts.push(...voice.turn.parts);
        if (previous.speaker === null && voice.turn.speaker !== null) {
          previous.speaker = voice.turn.speaker;
          previous.via = voice.turn.via;
        }
        previous.stop ||= voice.turn.stop;
        previous.addressed.push(...voice.turn.addressed);
        previous.speech += ` ${voice.turn.speech}`;
      } else run.push(voice.turn);
      if (voice.turn.speaker !== null) {
        scene.spoken(voice.turn.speaker, i);
        lastSpeaker = voice.turn.speaker;
      }
      for (const q of voice.perQuote.values()) if (q.speaker !== null) scene.spoken(q.speaker, i);
      first = false;
    }
    quotes.push(perQuote);
    seeAll();
    narrationBefore = null;
    previousEndsOpen = reading.endsOpen;
    colon = null;
  });
  endRun();
  return { quotes, runs };
}
