/**
 * Splits text into sentences and clauses before phonemization, the way Piper's eSpeak bridge
 * sees it: each clause is phonemized alone and its terminating punctuation is kept as a
 * phoneme (",", ".", "?", "!", ":", ";"), because Piper and Kokoro voices were trained with
 * punctuation in the phoneme stream and pause on it. eSpeak's own clause splitting drops the
 * punctuation from its IPA output, so the split happens here.
 *
 * Sentences carry their offset in the request text, for sentence timings. Long-form handling
 * (normalization, chunking, pauses) happens upstream in features/voices/text/; this only needs to
 * be right for one chunk.
 */

/** The punctuation Piper puts into the phoneme stream. */
export type Terminator = '.' | ',' | '?' | '!' | ':' | ';' | '';

export interface Clause {
  text: string;
  terminator: Terminator;
}

export interface Sentence {
  /** Offset and length (UTF-16 code units) in the original text, trimmed of spaces. */
  textOffset: number;
  textLength: number;
  clauses: Clause[];
}

const SENTENCE_END: Record<string, Terminator> = {
  '.': '.',
  '!': '!',
  '?': '?',
  '…': '.',
  '。': '.',
  '！': '!',
  '？': '?',
  '؟': '?',
  '।': '.',
};

const CLAUSE_END: Record<string, Terminator> = {
  ',': ',',
  ';': ';',
  ':': ':',
  '،': ',',
  '、': ',',
  '，': ',',
  '；': ';',
  '：': ':',
};

/** Full-width marks end a clause without a following space (CJK has none). */
const NO_SPACE_NEEDED = new Set(['。', '！', '？', '、', '，', '；', '：', '।']);

/** Quotes and brackets that may sit between a terminator and the space after it. */
const CLOSERS = new Set(['"', "'", '”', '’', '»', ')', ']', '」', '』', '）']);

function isBoundary(text: string, index: number, mark: string): { end: number } | null {
  let end = index + 1;
  // "?!" and "..." count as one mark.
  while (end < text.length && (SENTENCE_END[text[end] ?? ''] !== undefined || text[end] === mark))
    end++;
  while (end < text.length && CLOSERS.has(text[end] ?? '')) end++;
  if (end >= text.length) return { end };
  if (/\s/.test(text[end] ?? '') || NO_SPACE_NEEDED.has(mark)) return { end };
  return null;
}

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let clauses: Clause[] = [];
  let sentenceStart = -1;
  let clauseStart = 0;

  const pushClause = (end: number, terminator: Terminator): void => {
    const clauseText = text.slice(clauseStart, end).trim();
    if (clauseText.length > 0 && /[\p{L}\p{N}]/u.test(clauseText)) {
      clauses.push({ text: clauseText, terminator });
    } else if (clauses.length > 0 && terminator !== '') {
      // Punctuation alone ("!!") strengthens the previous clause's mark.
      const last = clauses[clauses.length - 1];
      if (last) last.terminator = terminator;
    }
  };
  const pushSentence = (end: number): void => {
    if (clauses.length > 0 && sentenceStart >= 0) {
      const raw = text.slice(sentenceStart, end);
      const trimmed = raw.trimEnd();
      sentences.push({ textOffset: sentenceStart, textLength: trimmed.length, clauses });
    }
    clauses = [];
    sentenceStart = -1;
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (sentenceStart < 0 && !/\s/.test(ch)) sentenceStart = i;
    const sentenceMark = SENTENCE_END[ch];
    const clauseMark = CLAUSE_END[ch];
    if (sentenceMark !== undefined) {
      const boundary = isBoundary(text, i, ch);
      if (boundary) {
        pushClause(i, sentenceMark);
        pushSentence(boundary.end);
        clauseStart = boundary.end;
        i = boundary.end;
        continue;
      }
    } else if (clauseMark !== undefined) {
      const boundary = isBoundary(text, i, ch);
      if (boundary) {
        pushClause(i, clauseMark);
        clauseStart = boundary.end;
        i = boundary.end;
        continue;
      }
    } else if (ch === '\n' && /^\n[^\S\n]*\n/.test(text.slice(i))) {
      // A blank line ends a sentence even without a full stop (headings, list items).
      pushClause(i, '');
      pushSentence(i);
      clauseStart = i;
    }
    i++;
  }
  pushClause(text.length, '');
  pushSentence(text.length);
  return sentences;
}
