/**
 * Chooses which entries of a book's own navigation (EPUB nav/NCX, PDF outline) start chapters.
 * A table of contents mixes levels: parts holding chapters, chapters holding numbered scenes,
 * a root entry holding the whole book. Children are chapters only when their parent is a
 * container: a "Part"/"Book" label, the book's title, the only entry at its level, a parent of
 * "Chapter N" entries, or (EPUB) a parent whose children live in other files. Otherwise the
 * children are subdivisions read as part of their parent (Sherlock Holmes' "I", "II", "III").
 */
import { sameTitle } from './front-matter.ts';
import { chapterLabel, isPartLabel, isStrongLabel } from './txt-headings.ts';

export interface TocNode<T> {
  title: string;
  target: T | null;
  children: TocNode<T>[];
}

export interface TocBoundary<T> {
  title: string;
  target: T;
  depth: number;
}

export interface TocOptions<T> {
  bookTitle: string | null;
  /** True when a child points outside its parent's file (EPUB): the parent is a container. */
  childLeavesParent?: (parent: TocNode<T>, child: TocNode<T>) => boolean;
}

/** Entries without a target (link-less headings in a nav) give their place to their children. */
function hoist<T>(nodes: TocNode<T>[]): TocNode<T>[] {
  const out: TocNode<T>[] = [];
  for (const node of nodes) {
    if (node.target !== null) out.push(node);
    else out.push(...hoist(node.children));
  }
  return out;
}

function isContainer<T>(node: TocNode<T>, siblings: number, opts: TocOptions<T>): boolean {
  const kids = hoist(node.children);
  if (!kids.length) return false;
  if (isPartLabel(node.title)) return true;
  if (opts.bookTitle && sameTitle(node.title, opts.bookTitle)) return true;
  if (siblings === 1 && kids.length >= 2) return true;
  if (kids.some((c) => isStrongLabel(chapterLabel(c.title)))) return true;
  if (opts.childLeavesParent && kids.some((c) => opts.childLeavesParent?.(node, c))) return true;
  return kids.length >= 6;
}

export function selectTocBoundaries<T>(roots: TocNode<T>[], opts: TocOptions<T>): TocBoundary<T>[] {
  const out: TocBoundary<T>[] = [];
  const visit = (nodes: TocNode<T>[], depth: number): void => {
    const list = hoist(nodes);
    // Between the first and last "Chapter N" of a level, unlabelled siblings ("Questions and
    // Exercises") are parts of the chapter before them, not chapters of their own.
    const strong = list.map((n) => isStrongLabel(chapterLabel(n.title)));
    const first = strong.indexOf(true);
    const last = strong.lastIndexOf(true);
    const labelled = strong.filter(Boolean).length;
    list.forEach((node, i) => {
      const container = isContainer(node, list.length, opts);
      if (
        labelled >= 2 &&
        i > first &&
        i < last &&
        !strong[i] &&
        !container &&
        !isPartLabel(node.title)
      ) {
        return;
      }
      out.push({ title: node.title.replace(/\s+/g, ' ').trim(), target: node.target as T, depth });
      if (container) visit(node.children, depth + 1);
    });
  };
  visit(roots, 0);
  return out;
}
