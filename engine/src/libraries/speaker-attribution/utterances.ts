/**
 * One paragraph as the context pass reads it: cut into pieces of speech and narration (quote
 * marks and dialogue dashes stay with the speech; an incise such as `, dit Bouvard,` inside a
 * dash or guillemet line is narration of its own), and for every piece of speech the clues to its
 * speaker: the reporting clause right after it, right before it, the names it addresses, and a
 * short direction from the reporting verb ("whispered", "cried impatiently").
 *
 * The pieces are the lines a mixed paragraph is split into (line-split.ts); the clues are what
 * resolve.ts turns into characters.
 */
import type { Lexicon } from './lexicon.ts';
import { isAdverb, parseNameForward, verbAt } from './name-phrases.ts';
import {
  clauseAfterQuote,
  clauseBeforeQuote,
  incisesInSpeech,
  type Subject,
} from './reporting-clauses.ts';
import { beatSubject, namesBesideVerbs, vocatives } from './speech-cues.ts';
import { countWords, layoutSpeech } from './speech-spans.ts';
import { isWord, tokenize, type Token } from './tokens.ts';

/** What a reporting clause says about who speaks. */
export type Mention =
  | { kind: 'name'; name: string }
  | { kind: 'pronoun'; word: string; firstPerson: boolean }
  | { kind: 'descriptor'; phrase: string }
  /** Someone speaks whom the clause does not let us read ("Elizabeth's mother", two names). */
  | { kind: 'unknown' };

export interface Piece {
  kind: 'speech' | 'narration';
  /** UTF-16 offsets into the paragraph; consecutive pieces cover it without gaps. */
  start: number;
  end: number;
  words: number;
  /** A quote right after another with only spaces between: another speaker, by convention. */
  newVoice?: boolean;
}

export interface QuoteClues {
  /** Index of the speech piece in `pieces`. */
  piece: number;
  /** Voices of the paragraph, from 0: a quote marked newVoice starts the next one. */
  voice: number;
  after: Mention | null;
  before: Mention | null;
  vocatives: string[];
  direction: string;
  /** The quote sits inside parentheses in the narration: an aside, another voice. */
  aside: boolean;
  /** Its clause's verb answers someone ("replied", "rispose"): not the last one to speak. */
  reply: boolean;
}

export interface ParagraphReading {
  text: string;
  pieces: Piece[];
  /** The tokens of each piece (offsets relative to the piece). */
  pieceTokens: Token[][];
  quotes: QuoteClues[];
  speechWords: number;
  totalWords: number;
  startsWithSpeech: boolean;
  endsOpen: boolean;
  /** For a narration paragraph ending in a colon or a comma: the subject of its last clause. */
  colon: Mention | null;
  /** Names the narration makes speak (`the Gryphon said`), clause or not. */
  narrationSpeakers: string[];
  /** The subject of an action beat right before a quote (`Woolsey shook his head. “…”`). */
  beat: string | null;
  /** The text of the narration pieces, for name mentions and gender cues. */
  narration: string;
  /** The speech text joined, to spot a line that names its would-be speaker. */
  speech: string;
}

export function mentionOf(subject: Subject | null): Mention | null {
  if (subject === null) return null;
  if (subject.kind === 'named') return { kind: 'name', name: subject.name };
  if (subject.pronoun && subject.word !== undefined) {
    return { kind: 'pronoun', word: subject.word, firstPerson: subject.firstPerson === true };
  }
  if (!subject.pronoun && subject.word !== undefined && subject.word !== '') {
    return { kind: 'descriptor', phrase: subject.word };
  }
  return { kind: 'unknown' };
}

/** Splits speech segments at their incises, so that each reporting clause is a narration piece. */
function buildPieces(text: string, lex: Lexicon): Piece[] {
  const layout = layoutSpeech(text);
  const raw: { kind: Piece['kind']; start: number; end: number }[] = [];
  for (const segment of layout.segments) {
    if (segment.kind === 'speech' && lex.incises) {
      const part = text.slice(segment.start, segment.end);
      const tokens = tokenize(part, lex);
      let from = segment.start;
      for (const incise of incisesInSpeech(tokens, lex)) {
        const first = tokens[incise.from];
        const last = tokens[incise.to - 1];
        if (first === undefined || last === undefined) continue;
        const cut = segment.start + first.start;
        // The incise keeps its closing comma (`dit Bouvard,`); a sentence end stays with it too.
        const stop = tokens[incise.to];
        const end = segment.start + (stop !== undefined ? stop.end : last.end);
        raw.push({ kind: 'speech', start: from, end: cut });
        raw.push({ kind: 'narration', start: cut, end });
        from = end;
      }
      raw.push({ kind: 'speech', start: from, end: segment.end });
    } else raw.push({ kind: segment.kind, start: segment.start, end: segment.end });
  }
  // Pieces cover the text: narration is exactly its segments; everything between (speech with
  // its quote marks and dashes) is speech.
  const pieces: Piece[] = [];
  let cursor = 0;
  for (const r of raw) {
    if (r.kind !== 'narration' || r.end <= r.start) continue;
    if (r.start > cursor) pieces.push({ kind: 'speech', start: cursor, end: r.start, words: 0 });
    pieces.push({ kind: 'narration', start: r.start, end: r.end, words: 0 });
    cursor = r.end;
  }
  if (cursor < text.length)
    pieces.push({ kind: 'speech', start: cursor, end: text.length, words: 0 });
  for (const piece of pieces) piece.words = countWords(text.slice(piece.start, piece.end));
  return mergeWordless(pieces, text);
}

/**
 * A piece without words (`,` or `--` between two quotes, the spaces before a paragraph) is no
 * line: it joins the piece before it (or after it, at the start); pieces of one kind side by
 * side then become one. Two quotes with only spaces between (`“…--” “Yes, you must.”`) stay two
 * lines, the second marked as a new voice: by convention that is another speaker.
 */
function mergeWordless(pieces: Piece[], text: string): Piece[] {
  const kept: Piece[] = [];
  // Where wordless pieces at the very start began (they join the first piece with words).
  let leadingStart = -1;
  let leadingEnd = -1;
  let voiceBreak = false;
  for (const piece of pieces) {
    const last = kept[kept.length - 1];
    if (piece.words === 0) {
      if (last !== undefined) {
        last.end = piece.end;
        const blank = text.slice(piece.start, piece.end).trim() === '';
        if (piece.kind === 'narration' && last.kind === 'speech' && blank) voiceBreak = true;
      } else {
        if (leadingStart < 0) leadingStart = piece.start;
        leadingEnd = piece.end;
      }
      continue;
    }
    const current = { ...piece };
    if (leadingStart >= 0 && kept.length === 0) current.start = leadingStart;
    const newVoice = voiceBreak && current.kind === 'speech' && last?.kind === 'speech';
    voiceBreak = false;
    if (last !== undefined && last.kind === current.kind && !newVoice) {
      last.end = current.end;
      last.words += current.words;
    } else kept.push(newVoice ? { ...current, newVoice } : current);
  }
  if (kept.length === 0 && leadingStart >= 0) {
    kept.push({ kind: 'narration', start: leadingStart, end: leadingEnd, words: 0 });
  }
  return kept;
}

/** Verbs of answering: the speaker is not the one who spoke last. */
const REPLY_VERBS = new Set(
  `answered replied returned rejoined retorted responded answers replies répondit répliqua
  riposta rispose replicò ribatté contestó respondió repuso antwortete erwiderte entgegnete
  ответил ответила возразил возразила respondeu retrucou`.split(/\s+/),
);

function isReply(tokens: Token[] | null): boolean {
  return tokens !== null && tokens.slice(0, 8).some((t) => REPLY_VERBS.has(t.lower));
}

/** Verbs that say nothing about the delivery. */
const NEUTRAL_VERBS = new Set(['said', 'says', 'say', 'went', 'goes', 'began', 'continued']);

/**
 * "whispered", "cried impatiently": the reporting verb of a tag and a manner adverb beside it.
 * English only, since the performed directions are read in English (tts/text/direction.ts).
 */
function directionOf(tokens: Token[], lex: Lexicon): string {
  if (!lex.english) return '';
  for (let i = 0; i < Math.min(tokens.length, 8); i++) {
    const verb = verbAt(tokens, i, lex);
    if (verb.end < 0) continue;
    const verbText = tokens
      .slice(i, verb.end)
      .map((t) => t.lower)
      .join(' ');
    for (let j = verb.end; j < Math.min(tokens.length, verb.end + 4); j++) {
      const t = tokens[j];
      if (!isWord(t)) break;
      if (isAdverb(t) && /ly$/.test(t.lower)) return `${verbText} ${t.lower}`;
    }
    return NEUTRAL_VERBS.has(tokens[i]?.lower ?? '') ? '' : verbText;
  }
  return '';
}

/** "said he to Temple", "cried Jane, turning to Elizabeth": whom a reporting clause addresses. */
function listeners(tokens: Token[] | null, lex: Lexicon): string[] {
  if (tokens === null) return [];
  const found: string[] = [];
  for (let i = 0; i + 1 < Math.min(tokens.length, 12); i++) {
    if (tokens[i]?.lower !== 'to' && tokens[i]?.lower !== 'addressing') continue;
    const name = parseNameForward(tokens, i + 1, lex);
    if (name !== null && !name.notTheSpeaker) found.push(name.name);
  }
  return found;
}

function depthAfter(depth: number, text: string): number {
  let d = depth;
  for (const c of text) {
    if (c === '(' || c === '[') d++;
    else if ((c === ')' || c === ']') && d > 0) d--;
  }
  return d;
}

export function readParagraph(text: string, lex: Lexicon): ParagraphReading {
  const layout = layoutSpeech(text);
  const pieces = buildPieces(text, lex);
  const tokensOf = pieces.map((p) => tokenize(text.slice(p.start, p.end), lex));
  const quotes: QuoteClues[] = [];
  const narrationSpeakers: string[] = [];
  const narrationParts: string[] = [];
  const speechParts: string[] = [];
  let beat: string | null = null;
  let depth = 0;
  let speechWords = 0;
  let totalWords = 0;
  let voice = 0;
  pieces.forEach((piece, k) => {
    const tokens = tokensOf[k] as Token[];
    const slice = text.slice(piece.start, piece.end);
    totalWords += piece.words;
    if (piece.kind === 'narration') {
      narrationParts.push(slice);
      narrationSpeakers.push(...namesBesideVerbs(tokens, lex));
      if (pieces[k + 1]?.kind === 'speech') beat = beatSubject(tokens, lex) ?? beat;
      depth = depthAfter(depth, slice);
      return;
    }
    speechWords += piece.words;
    speechParts.push(slice);
    const previous = pieces[k - 1];
    const next = pieces[k + 1];
    const spoken = slice.trimEnd().replace(/[”"»’'“«›‹]+$/u, '');
    const tagExpected =
      lex.english &&
      (spoken.endsWith(',') ||
        (/[?!—–-]$/.test(spoken) &&
          next !== undefined &&
          /^\s*,?\s*\p{Ll}/u.test(text.slice(next.start, next.end))));
    const afterTokens = next?.kind === 'narration' ? (tokensOf[k + 1] as Token[]) : null;
    const beforeTokens = previous?.kind === 'narration' ? (tokensOf[k - 1] as Token[]) : null;
    if (piece.newVoice === true) voice++;
    quotes.push({
      piece: k,
      voice,
      after: afterTokens ? mentionOf(clauseAfterQuote(afterTokens, lex, tagExpected)) : null,
      before: beforeTokens ? mentionOf(clauseBeforeQuote(beforeTokens, lex)) : null,
      vocatives: [
        ...vocatives(tokens, lex),
        ...listeners(afterTokens, lex),
        ...listeners(beforeTokens, lex),
      ],
      direction:
        (afterTokens ? directionOf(afterTokens, lex) : '') ||
        (beforeTokens ? directionOf(beforeTokens.slice(-6), lex) : ''),
      aside: depth > 0,
      reply: isReply(afterTokens) || isReply(beforeTokens?.slice(-8) ?? null),
    });
  });
  const last = pieces[pieces.length - 1];
  let colon: Mention | null = null;
  // `Anna looked up and said,` ends a paragraph as `:` does: both hand over to the next quote.
  if (last?.kind === 'narration' && /[:,]$/u.test(text.trimEnd())) {
    colon = mentionOf(clauseBeforeQuote(tokensOf[pieces.length - 1] as Token[], lex));
  }
  return {
    text,
    pieces,
    pieceTokens: tokensOf,
    quotes,
    speechWords,
    totalWords,
    startsWithSpeech: layout.startsWithSpeech,
    endsOpen: layout.endsOpen,
    colon,
    narrationSpeakers,
    beat,
    narration: narrationParts.join(' '),
    speech: speechParts.join(' '),
  };
}
