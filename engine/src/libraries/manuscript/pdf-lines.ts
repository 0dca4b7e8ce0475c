/**
 * PDF text items → text lines in reading order, per page. Items sharing a baseline are one line
 * (sorted left to right, spaces restored from gaps); drop capitals (a large first letter beside
 * several lines) are put back at the start of the line they begin; superscript note markers
 * are dropped. Pure functions, fed by pdf.ts and tested on synthetic items.
 */

export interface PdfItem {
  str: string;
  /** Baseline origin in PDF user space (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size (the text matrix's vertical scale). */
  size: number;
}

export interface PdfLine {
  page: number;
  x0: number;
  x1: number;
  /** Baseline. */
  y: number;
  /** The size most of the line's characters are set in. */
  size: number;
  text: string;
}

function modeSize(items: PdfItem[]): number {
  const weights = new Map<number, number>();
  for (const it of items) {
    const key = Math.round(it.size * 10) / 10;
    weights.set(key, (weights.get(key) ?? 0) + it.str.trim().length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function joinItems(items: PdfItem[]): string {
  let text = '';
  let prevEnd: number | null = null;
  let prevSize = 0;
  for (const it of items) {
    if (prevEnd !== null && it.str && !/^\s/.test(it.str) && !/\s$/.test(text)) {
      const gap = it.x - prevEnd;
      if (gap > Math.max(prevSize, it.size) * 0.2) text += ' ';
    }
    text += it.str;
    if (it.str.trim() || it.width > 0) {
      prevEnd = it.x + it.width;
      prevSize = it.size;
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A drop capital: one letter set far larger than the text around it. */
function isDropCap(item: PdfItem, bodySize: number): boolean {
  return /^[\p{Lu}\p{N}]$/u.test(item.str.trim()) && item.size >= bodySize * 2.2;
}

function toLine(items: PdfItem[], page: number): PdfLine | null {
  const size = modeSize(items);
  // Superscript note markers: small digits raised above a line of normal text.
  const kept = items.filter(
    (it) => !(/^\s*[\d*†‡]{1,3}\s*$/.test(it.str) && it.size < size * 0.75 && items.length > 1),
  );
  kept.sort((a, b) => a.x - b.x);
  const text = joinItems(kept);
  const textItems = kept.filter((it) => it.str.trim());
  if (!text || !textItems.length) return null;
  const baseline = median(
    textItems.filter((it) => Math.abs(it.size - size) < 0.5).map((it) => it.y),
  );
  return {
    page,
    x0: Math.min(...textItems.map((it) => it.x)),
    x1: Math.max(...textItems.map((it) => it.x + it.width)),
    y: baseline || (textItems[0]?.y ?? 0),
    size,
    text,
  };
}

/** Cuts a baseline cluster at gaps wider than three characters (column gutters, tabs). */
function fragments(items: PdfItem[]): PdfItem[][] {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const out: PdfItem[][] = [];
  let prevEnd = -Infinity;
  for (const it of sorted) {
    const last = out[out.length - 1];
    if (last && it.x - prevEnd <= it.size * 3) last.push(it);
    else out.push([it]);
    if (it.str.trim()) prevEnd = Math.max(prevEnd, it.x + it.width);
  }
  return out.filter((f) => f.some((it) => it.str.trim()));
}

function extent(items: PdfItem[]): { x0: number; x1: number; words: number } {
  const text = items.filter((it) => it.str.trim());
  return {
    x0: Math.min(...text.map((it) => it.x)),
    x1: Math.max(...text.map((it) => it.x + it.width)),
    words:
      items
        .map((it) => it.str)
        .join(' ')
        .match(/\p{L}+/gu)?.length ?? 0,
  };
}

/**
 * A gutter: an x that no text crosses, with at least three real lines of text on each side
 * (a poem set in two columns, a two-column page). Page numbers beside titles do not count.
 */
function columnBoundary(frags: PdfItem[][]): number | null {
  const boxes = frags.map(extent);
  const candidates = [...new Set(boxes.map((b) => Math.round(b.x0)))].sort((a, b) => a - b);
  for (const x of candidates) {
    if (boxes.some((b) => b.x0 < x - 1 && b.x1 > x + 1)) continue;
    const left = boxes.filter((b) => b.x1 <= x + 1 && b.words >= 2).length;
    const right = boxes.filter((b) => b.x0 >= x - 1 && b.words >= 2).length;
    if (left >= 3 && right >= 3) return x;
  }
  return null;
}

export function pageLines(items: PdfItem[], page: number): PdfLine[] {
  const usable = items.filter(
    (it) => it.str.length > 0 && Number.isFinite(it.x) && Number.isFinite(it.y) && it.size > 0,
  );
  if (!usable.length) return [];
  const body = modeSize(usable);
  // A large single letter set on one baseline with other large type is a word of a heading
  // ("A" of "AND SHEPPERTON", split from "ND" by a kerning adjustment), not a drop capital.
  const caps = usable.filter(
    (it) =>
      isDropCap(it, body) &&
      !usable.some(
        (other) =>
          other !== it &&
          other.str.trim() !== '' &&
          other.size >= it.size * 0.6 &&
          Math.abs(other.y - it.y) <= it.size * 0.45,
      ),
  );
  const rest = usable.filter((it) => !caps.includes(it));

  // Cluster by baseline: items within 45% of the text size of a line's baseline join it
  // (superscripts included, so that their markers can be dropped below).
  const sorted = [...rest].sort((a, b) => b.y - a.y || a.x - b.x);
  const clusters: PdfItem[][] = [];
  for (const it of sorted) {
    const last = clusters[clusters.length - 1];
    const ref = last?.[0];
    if (
      last &&
      ref &&
      Math.abs(ref.y - it.y) <= Math.max(1.5, Math.max(ref.size, it.size) * 0.45)
    ) {
      last.push(it);
    } else {
      clusters.push([it]);
    }
  }
  // A drop capital joins the highest line beside it, at its own x, sized like that line so the
  // gap decides between "TO" (one word) and "I HAD" (two).
  for (const cap of caps) {
    const beside = clusters
      .filter((c) => {
        const y = c[0]?.y ?? 0;
        return (
          y >= cap.y - 1 &&
          y <= cap.y + cap.size * 1.1 &&
          c.some((it) => it.x >= cap.x + cap.width * 0.5)
        );
      })
      .sort((a, b) => (b[0]?.y ?? 0) - (a[0]?.y ?? 0))[0];
    if (beside) beside.push({ ...cap, y: beside[0]?.y ?? cap.y, size: modeSize(beside) });
    else clusters.push([cap]);
  }
  // Two columns (a poem set side by side, a two-column page): read the left column first.
  const frags = clusters.flatMap(fragments);
  const boundary = frags.length >= 6 ? columnBoundary(frags) : null;
  if (boundary !== null) {
    const lines = frags.map((f) => toLine(f, page)).filter((l): l is PdfLine => l !== null);
    const byY = (a: PdfLine, b: PdfLine): number => b.y - a.y || a.x0 - b.x0;
    return [
      ...lines.filter((l) => l.x0 < boundary - 1).sort(byY),
      ...lines.filter((l) => l.x0 >= boundary - 1).sort(byY),
    ];
  }
  return clusters
    .map((c) => toLine(c, page))
    .filter((l): l is PdfLine => l !== null)
    .sort((a, b) => b.y - a.y || a.x0 - b.x0);
}
