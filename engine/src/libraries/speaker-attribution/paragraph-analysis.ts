/**
 * Everything the instant speaker pass needs to know about one paragraph on its own: how much of
 * it is speech (the 60 percent rule), which reporting clauses name or fail to name a speaker,
 * and whether it is a narration line ending in a colon that introduces the next speaker.
 */
import type { Lexicon } from './lexicon.ts';
import {
  clauseAfterQuote,
  clauseBeforeQuote,
  incisesInSpeech,
  type Subject,
} from './reporting-clauses.ts';
import { beatSubject, namesBesideVerbs, vocatives } from './speech-cues.ts';
import { countWords, layoutSpeech } from './speech-spans.ts';
import { tokenize } from './tokens.ts';

export interface ParagraphAnalysis {
  speechWords: number;
  totalWords: number;
  startsWithSpeech: boolean;
  endsOpen: boolean;
  /** The reporting clauses found, in reading order. */
  subjects: Subject[];
  /** The speech text, joined: used to spot a line addressing its would-be speaker. */
  speech: string;
  /** For a line ending in a colon outside any quote: the subject of its last clause. */
  colonSubject: Subject | null;
  /** Names the narration makes speak anywhere (`the Gryphon said`), clause or not. */
  narrationSpeakers: string[];
  /** Names the speech addresses ("Mr. Bennet, how can you…"). */
  addressed: string[];
}

const ASIDE: Subject = { kind: 'unnamed', pronoun: false };

function advanceDepth(depth: number, text: string): number {
  let d = depth;
  for (const c of text) {
    if (c === '(' || c === '[') d++;
    else if ((c === ')' || c === ']') && d > 0) d--;
  }
  return d;
}

export function analyseParagraph(text: string, lex: Lexicon): ParagraphAnalysis {
  const layout = layoutSpeech(text);
  const { segments } = layout;
  const subjects: Subject[] = [];
  const narrationSpeakers: string[] = [];
  const addressed: string[] = [];
  let speechWords = 0;
  let narrationWords = 0;
  const speechParts: string[] = [];
  // Parenthesis depth at each segment start, counted in narration only: a quote or a reporting
  // clause inside parentheses is an aside ("(“That's Bill,” thought Alice,)"), another voice.
  let depth = 0;
  segments.forEach((segment, k) => {
    const part = text.slice(segment.start, segment.end);
    const words = countWords(part);
    const tokens = tokenize(part, lex);
    if (segment.kind === 'speech') {
      speechParts.push(part);
      addressed.push(...vocatives(tokens, lex));
      let inciseWords = 0;
      if (lex.incises) {
        for (const incise of incisesInSpeech(tokens, lex)) {
          subjects.push(incise.subject);
          inciseWords += incise.words;
        }
      }
      speechWords += words - inciseWords;
      narrationWords += inciseWords;
      return;
    }
    narrationWords += words;
    narrationSpeakers.push(...namesBesideVerbs(tokens, lex));
    const between = segments[k - 1]?.kind === 'speech' && segments[k + 1]?.kind === 'speech';
    // Two quotes with nothing between them (`“…--” “Yes, you must,” echoed Margaret`): two voices.
    if (between && words === 0 && !/[,;:]/.test(part)) subjects.push(ASIDE);
    if (segments[k + 1]?.kind === 'speech') {
      const beat = beatSubject(tokens, lex);
      if (beat !== null) narrationSpeakers.push(beat);
    }
    const depthBefore = depth;
    depth = advanceDepth(depth, part);
    const before = segments[k - 1];
    if (before?.kind === 'speech') {
      // A quote ending in a comma (or in ?, ! or a dash before a lower-case word) goes on
      // into its reporting tag.
      const spoken = text.slice(before.start, before.end).trimEnd();
      const tagExpected =
        lex.english &&
        (spoken.endsWith(',') || (/[?!—–-]$/.test(spoken) && /^\s*[,]?\s*\p{Ll}/u.test(part)));
      const subject = clauseAfterQuote(tokens, lex, tagExpected);
      if (subject !== null) subjects.push(depthBefore > 0 ? ASIDE : subject);
    }
    if (segments[k + 1]?.kind === 'speech') {
      const subject = clauseBeforeQuote(tokens, lex);
      if (subject !== null) subjects.push(depth > 0 ? ASIDE : subject);
      else if (depth > 0) subjects.push(ASIDE);
    }
  });
  const last = segments[segments.length - 1];
  const trimmed = text.trimEnd();
  let colonSubject: Subject | null = null;
  if (last !== undefined && last.kind === 'narration' && trimmed.endsWith(':')) {
    colonSubject = clauseBeforeQuote(tokenize(text.slice(last.start, last.end), lex), lex);
  }
  return {
    speechWords,
    totalWords: speechWords + narrationWords,
    startsWithSpeech: layout.startsWithSpeech,
    endsOpen: layout.endsOpen,
    subjects,
    speech: speechParts.join(' '),
    colonSubject,
    narrationSpeakers,
    addressed,
  };
}

/** Rule 6: a paragraph is given to a character only when at least 60 percent of it is speech. */
export const SPEECH_SHARE = 0.6;

export function isMostlySpeech(a: ParagraphAnalysis): boolean {
  return a.speechWords > 0 && a.speechWords >= SPEECH_SHARE * a.totalWords;
}
