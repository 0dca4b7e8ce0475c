/**
 * The book's pronunciation dictionary (docs/api/audiobook.md, "Pronunciations") applied to the
 * text before normalization, so the user's entries always win ("1984" respelled by the user is
 * not then read as a year). An entry is a grapheme (a word or a phrase: "Hermione", "Dr. Who")
 * and either a respelling the voice reads as written, or IPA phonemes.
 *
 * Matching: whole words only (an edge of the grapheme that is a letter or digit must not touch
 * another letter or digit, so "Ron" never matches inside "Ronald", while "Hermione's" matches
 * "Hermione"); case-insensitive unless the entry says otherwise; at any position the longest
 * grapheme wins ("New York City" before "New York"), and a case-sensitive entry before an
 * insensitive one of the same length. Matched text is never matched again.
 *
 * IPA entries become `phonemes` pieces: engines that take phonemes (Piper, Kokoro) speak them;
 * for the others the plan falls back to the written word and reports it (speech-plan.ts).
 */
import { MappedText, type Piece } from './mapped-text.ts';

/**
 * A dictionary entry: the fields of the stored row (`PronunciationRow`) that matter here.
 * `kind` is `ipa` for phonemes; anything else (`respelling`) is text read as written.
 */
export interface PronunciationEntry {
  grapheme: string;
  replacement: string;
  kind: string;
  caseSensitive: boolean;
}

interface Prepared extends PronunciationEntry {
  lower: string;
  wordStart: boolean;
  wordEnd: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Strips the slashes or brackets IPA is often written in: "/həˈmaɪ.ə.ni/" → "həˈmaɪ.ə.ni". */
export function cleanIpa(ipa: string): string {
  return ipa
    .trim()
    .replace(/^[/[]+|[/\]]+$/g, '')
    .trim();
}

/** Entries prepared for lookup by first character (lower case), longest first. */
export class PronunciationDictionary {
  private readonly byFirst = new Map<string, Prepared[]>();

  constructor(entries: readonly PronunciationEntry[]) {
    for (const entry of entries) {
      const grapheme = entry.grapheme.trim();
      if (grapheme === '' || entry.replacement.trim() === '') continue;
      const prepared: Prepared = {
        ...entry,
        grapheme,
        lower: grapheme.toLowerCase(),
        wordStart: WORD_CHAR.test(grapheme[0] as string),
        wordEnd: WORD_CHAR.test(grapheme.at(-1) as string),
      };
      const key = prepared.lower[0] as string;
      const list = this.byFirst.get(key) ?? [];
      list.push(prepared);
      this.byFirst.set(key, list);
    }
    for (const list of this.byFirst.values()) {
      list.sort(
        (a, b) =>
          b.grapheme.length - a.grapheme.length ||
          Number(b.caseSensitive) - Number(a.caseSensitive),
      );
    }
  }

  get size(): number {
    let n = 0;
    for (const list of this.byFirst.values()) n += list.length;
    return n;
  }

  /** The entry matching `text` at `index`, if any. */
  matchAt(text: string, index: number): Prepared | null {
    const candidates = this.byFirst.get((text[index] as string).toLowerCase());
    if (!candidates) return null;
    for (const entry of candidates) {
      const slice = text.slice(index, index + entry.grapheme.length);
      if (slice.length !== entry.grapheme.length) continue;
      if (entry.caseSensitive ? slice !== entry.grapheme : slice.toLowerCase() !== entry.lower) {
        continue;
      }
      if (entry.wordStart && index > 0 && WORD_CHAR.test(text[index - 1] as string)) continue;
      const after = text[index + slice.length];
      if (entry.wordEnd && after !== undefined && WORD_CHAR.test(after)) continue;
      return entry;
    }
    return null;
  }

  /** Applies the dictionary to the copied parts of `text`. */
  apply(text: MappedText): MappedText {
    if (this.byFirst.size === 0) return text;
    const out: Piece[] = [];
    let changed = false;
    for (const piece of text.pieces) {
      if (piece.kind !== 'source') {
        out.push(piece);
        continue;
      }
      let copiedFrom = 0;
      let i = 0;
      while (i < piece.text.length) {
        const entry = this.matchAt(piece.text, i);
        if (!entry) {
          i += 1;
          continue;
        }
        changed = true;
        if (i > copiedFrom) out.push(copied(piece, copiedFrom, i));
        const end = i + entry.grapheme.length;
        const span = { start: piece.start + i, end: piece.start + end };
        if (entry.kind === 'ipa') {
          out.push({
            ...span,
            text: piece.text.slice(i, end),
            kind: 'phonemes',
            phonemes: cleanIpa(entry.replacement),
          });
        } else {
          out.push({ ...span, text: entry.replacement.trim(), kind: 'spoken' });
        }
        i = end;
        copiedFrom = end;
      }
      if (copiedFrom === 0) out.push(piece);
      else if (copiedFrom < piece.text.length)
        out.push(copied(piece, copiedFrom, piece.text.length));
    }
    return changed ? new MappedText(out) : text;
  }
}

function copied(piece: Piece, from: number, to: number): Piece {
  return {
    text: piece.text.slice(from, to),
    start: piece.start + from,
    end: piece.start + to,
    kind: 'source',
  };
}

/**
 * Engines without phoneme input read the written word instead of an IPA entry (`keep` spares
 * the pieces the engine can say).
 */
export function phonemesAsWritten(
  text: MappedText,
  keep: (piece: Piece) => boolean = () => false,
): MappedText {
  if (!text.pieces.some((p) => p.kind === 'phonemes' && !keep(p))) return text;
  return new MappedText(
    text.pieces.map((p) =>
      p.kind === 'phonemes' && !keep(p)
        ? { text: p.text, start: p.start, end: p.end, kind: 'spoken' }
        : p,
    ),
  );
}
