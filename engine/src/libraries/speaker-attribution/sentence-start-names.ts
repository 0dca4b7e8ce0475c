/**
 * Characters a book brings on only at sentence starts ("William, a boy of seven, fled off…",
 * "William appeared at half-past twelve."). A capitalised word opening a sentence may be any
 * word, so mentions.ts counts it as a name only when the book names it elsewhere; a character
 * whose name only ever opens sentences was never seen. English prose gives such a word away:
 *
 * - it is a known given name (the first-name lists of first-names.ts), not a month ("May",
 *   "June" are on the lists);
 * - the book never writes it in lower case (which rules out "Will", "Grace", "Hope", "Rose");
 * - at least once it is the subject of its sentence: a finite verb follows it ("William
 *   appeared", "Joseph was", "Mary alternately cried"), or a comma and an appositive noun
 *   phrase ("William, a boy of seven,").
 *
 * The words found count as known names (context-pass.ts gatherNames), so every mention of them
 * counts, at a sentence start or not. English only: the lists and the verb forms are English.
 */
import { isKnownGivenName } from './first-names.ts';
import type { Lexicon } from './lexicon.ts';
import { atSentenceStart } from './mentions.ts';
import { isAdverb, parseNameForward } from './name-phrases.ts';
import { isWord, type Token } from './tokens.ts';
import type { ParagraphReading } from './utterances.ts';

const MONTHS = new Set(
  'january february march april may june july august september october november december'.split(
    ' ',
  ),
);

/** Finite forms of the auxiliaries and of "be", "have", "do". */
const AUXILIARIES = new Set(
  `was were is are had has did does would could should will shall might must can may
  cannot dared`.split(/\s+/),
);

/** Simple pasts of common English irregular verbs (the -ed pasts need no list). */
const IRREGULAR_PASTS = new Set(
  `arose awoke bore beat became began bent bet bit bled blew broke brought built burnt burst
  bought caught chose clung came cost crept cut dealt dug drew dreamt drank drove dwelt ate fell
  fed felt fought found fled flung flew forbade forgot forgave froze got gave went ground grew
  hung heard hid hit held hurt kept knelt knew laid led leant leapt learnt left lent let lay lit
  lost made meant met paid put quit read rode rang rose ran sought sold sent set shook shone
  shot showed shut sang sank sat slew slept slid slung smote spoke sped spent spilt spun spat
  split spread sprang stood stole stuck stung strode struck strove swore swept swam swung took
  taught tore told thought threw thrust trod understood upset woke wore wove wept won wound
  wrung wrote`.split(/\s+/),
);

/** A finite verb at `i`: an auxiliary, a reporting verb, an -ed past or a common irregular past. */
function finiteVerbAt(tokens: Token[], i: number, lex: Lexicon): boolean {
  let t = tokens[i];
  // "Mary alternately cried": an adverb may come between the subject and its verb.
  if (isAdverb(t)) t = tokens[i + 1];
  if (!isWord(t) || t.cap) return false;
  return (
    AUXILIARIES.has(t.lower) ||
    lex.verbs.has(t.lower) ||
    IRREGULAR_PASTS.has(t.lower) ||
    /^\p{Ll}{2,}ed$/u.test(t.lower)
  );
}

/** ", a boy of seven": a comma, then an article and a lower-case word. */
function appositiveAt(tokens: Token[], i: number): boolean {
  const article = tokens[i + 1];
  const noun = tokens[i + 2];
  return (
    tokens[i]?.text === ',' &&
    isWord(article) &&
    ['a', 'an', 'the'].includes(article.text) &&
    isWord(noun) &&
    !noun.cap
  );
}

/**
 * The given names (lower case) that open a sentence as its subject somewhere in the book and
 * never appear in lower case in it.
 */
export function namesAtSentenceStarts(readings: ParagraphReading[], lex: Lexicon): Set<string> {
  const found = new Set<string>();
  if (!lex.english) return found;
  const lower = new Set<string>();
  for (const r of readings) {
    for (const tokens of r.pieceTokens) {
      for (const t of tokens) if (isWord(t) && !t.cap) lower.add(t.lower);
    }
  }
  readings.forEach((r) => {
    r.pieces.forEach((piece, k) => {
      if (piece.kind !== 'narration') return;
      const tokens = r.pieceTokens[k] ?? [];
      tokens.forEach((t, i) => {
        if (!isWord(t) || !t.cap || !atSentenceStart(tokens, i)) return;
        const word = t.lower;
        if (found.has(word) || lower.has(word) || MONTHS.has(word) || !isKnownGivenName(word)) {
          return;
        }
        // The given name alone or with a surname ("Stewart Snyder peered at her"), no title.
        const name = parseNameForward(tokens, i, lex);
        if (name === null || name.notTheSpeaker || !name.name.startsWith(t.text)) return;
        if (!finiteVerbAt(tokens, name.end, lex) && !appositiveAt(tokens, name.end)) return;
        for (const w of name.name.toLowerCase().split(/\s+/)) found.add(w);
      });
    });
  });
  return found;
}
