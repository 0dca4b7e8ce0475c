/**
 * Text that remembers where every part came from. Normalization ("$3.50" → "three dollars fifty
 * cents") and the pronunciation dictionary rewrite the text an engine speaks, but word timings
 * must be shown on the text the user wrote. A MappedText is a list of pieces, each either copied
 * from the original (mapped character by character) or a replacement (mapped as a whole onto the
 * original span it replaced). Rewrites only ever touch copied pieces, so a replacement is never
 * rewritten twice (a respelling is read as written; "1984" → "nineteen eighty-four" is not then
 * re-read as numbers).
 */

export type PieceKind = 'source' | 'spoken' | 'phonemes';

export interface Piece {
  /** What the engine reads. For `phonemes` pieces: the written word, the fallback text. */
  text: string;
  /** The original span this piece stands for, in original-text offsets (UTF-16 units). */
  start: number;
  end: number;
  /**
   * `source`: `text` is exactly the original span; `spoken`: a replacement read as text;
   * `phonemes`: say `phonemes` (IPA) instead of `text` where the engine accepts phonemes.
   */
  kind: PieceKind;
  phonemes?: string;
}

/**
 * One rewrite: return the replacement text, or null to leave the match as it is. `before` and
 * `after` are the whole text around the match (across pieces), for rules that read context.
 */
export type Rewrite = (match: RegExpExecArray, before: string, after: string) => string | null;

export class MappedText {
  readonly text: string;
  /** Offset of each piece in `text`, parallel to `pieces`. */
  private readonly starts: number[];

  constructor(readonly pieces: readonly Piece[]) {
    const starts: number[] = [];
    let at = 0;
    for (const piece of pieces) {
      starts.push(at);
      at += piece.text.length;
    }
    this.starts = starts;
    this.text = pieces.map((p) => p.text).join('');
  }

  /** `text` as copied from the original at `offset`. */
  static fromSource(text: string, offset = 0): MappedText {
    return new MappedText([{ text, start: offset, end: offset + text.length, kind: 'source' }]);
  }

  /** Where the original span starts (first piece) and ends (last piece). */
  get originalStart(): number {
    return this.pieces[0]?.start ?? 0;
  }

  get originalEnd(): number {
    return this.pieces.at(-1)?.end ?? 0;
  }

  /**
   * Rewrites every match of `pattern` (global, applied to each copied piece on its own) with
   * `rewrite`. Matches inside earlier replacements are never seen.
   */
  rewrite(pattern: RegExp, rewrite: Rewrite): MappedText {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const out: Piece[] = [];
    let changed = false;
    for (const [index, piece] of this.pieces.entries()) {
      if (piece.kind !== 'source') {
        out.push(piece);
        continue;
      }
      const re = new RegExp(pattern.source, flags);
      let last = 0;
      for (let m = re.exec(piece.text); m; m = re.exec(piece.text)) {
        if (m[0] === '') {
          re.lastIndex += 1;
          continue;
        }
        const pieceStart = this.starts[index] as number;
        const replacement = rewrite(
          m,
          this.text.slice(0, pieceStart + m.index),
          this.text.slice(pieceStart + m.index + m[0].length),
        );
        if (replacement === null) continue;
        changed = true;
        if (m.index > last) out.push(sourcePart(piece, last, m.index));
        out.push({
          text: replacement,
          start: piece.start + m.index,
          end: piece.start + m.index + m[0].length,
          kind: 'spoken',
        });
        last = m.index + m[0].length;
      }
      if (last === 0) out.push(piece);
      else if (last < piece.text.length) out.push(sourcePart(piece, last, piece.text.length));
    }
    return changed ? new MappedText(out) : this;
  }

  /**
   * The original offset for an offset in `text`. Inside a copied piece the mapping is exact;
   * inside a replacement it is the replaced span's start (`bias: 'start'`) or end (`'end'`).
   */
  toOriginal(offset: number, bias: 'start' | 'end' = 'start'): number {
    if (this.pieces.length === 0) return 0;
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const index = this.pieceAt(clamped, bias);
    const piece = this.pieces[index] as Piece;
    const within = clamped - (this.starts[index] as number);
    if (piece.kind === 'source') return piece.start + Math.min(within, piece.end - piece.start);
    if (bias === 'end') return within === 0 ? piece.start : piece.end;
    return within >= piece.text.length ? piece.end : piece.start;
  }

  /** The original span for `[offset, offset + length)` of `text`. */
  toOriginalSpan(offset: number, length: number): { offset: number; length: number } {
    const start = this.toOriginal(offset, 'start');
    const end = Math.max(start, this.toOriginal(offset + Math.max(0, length), 'end'));
    return { offset: start, length: end - start };
  }

  private pieceAt(offset: number, bias: 'start' | 'end'): number {
    // Binary search for the last piece starting at or before `offset`; an end offset sitting
    // exactly on a boundary belongs to the piece before it.
    let lo = 0;
    let hi = this.pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const start = this.starts[mid] as number;
      if (start < offset || (start === offset && bias === 'start')) lo = mid;
      else hi = mid - 1;
    }
    // Skip empty pieces so a boundary maps onto real text.
    while (bias === 'start' && lo < this.pieces.length - 1 && this.pieces[lo]?.text === '') lo++;
    return lo;
  }
}

function sourcePart(piece: Piece, from: number, to: number): Piece {
  return {
    text: piece.text.slice(from, to),
    start: piece.start + from,
    end: piece.start + to,
    kind: 'source',
  };
}
