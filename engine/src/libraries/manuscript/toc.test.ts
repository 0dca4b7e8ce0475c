import { describe, expect, it } from 'vitest';
import { selectTocBoundaries, type TocNode } from './toc.ts';

const node = (
  title: string,
  target: string | null,
  children: TocNode<string>[] = [],
): TocNode<string> => ({
  title,
  target,
  children,
});
const titles = (roots: TocNode<string>[], bookTitle: string | null = null): string[] =>
  selectTocBoundaries(roots, { bookTitle }).map((b) => b.title);

describe('selectTocBoundaries', () => {
  it('keeps numbered parts of a story inside the story', () => {
    const roots = [
      node('Titlepage', 't'),
      node('A Scandal in Bohemia', 's1', [
        node('I', 's1#1'),
        node('II', 's1#2'),
        node('III', 's1#3'),
      ]),
      node('The Redheaded League', 's2'),
    ];
    expect(titles(roots)).toEqual(['Titlepage', 'A Scandal in Bohemia', 'The Redheaded League']);
  });

  it('opens containers: a sole root, parts, and parents of "Chapter N"', () => {
    const roots = [
      node('The War of the Worlds', 'p1', [
        node('BOOK ONE', 'p3', [node('CHAPTER ONE', 'p4'), node('CHAPTER TWO', 'p14')]),
        node('BOOK TWO', 'p181', [node('CHAPTER ONE', 'p182')]),
      ]),
      node('Planet PDF', null),
    ];
    expect(titles(roots)).toEqual([
      'The War of the Worlds',
      'BOOK ONE',
      'CHAPTER ONE',
      'CHAPTER TWO',
      'BOOK TWO',
      'CHAPTER ONE',
    ]);
  });

  it('keeps subtitles of unlabelled entries with them (Etymology, Epilogue)', () => {
    const roots = [
      node('ETYMOLOGY.', 'e', [node('(Supplied by a Late Consumptive Usher)', 'e#1')]),
      node('CHAPTER 1. Loomings.', 'c1'),
      node('CHAPTER 2. The Carpet-Bag.', 'c2'),
      node('Epilogue', 'x', [node('“AND I ONLY AM ESCAPED ALONE TO TELL THEE”', 'x#1')]),
    ];
    expect(titles(roots)).toEqual([
      'ETYMOLOGY.',
      'CHAPTER 1. Loomings.',
      'CHAPTER 2. The Carpet-Bag.',
      'Epilogue',
    ]);
  });

  it('skips unlabelled siblings between numbered chapters', () => {
    const roots = [
      node('CHAPTER I', 'a'),
      node('QUESTIONS AND EXERCISES', 'b'),
      node('CHAPTER II', 'c'),
      node('APPENDIX A', 'd'),
    ];
    expect(titles(roots)).toEqual(['CHAPTER I', 'CHAPTER II', 'APPENDIX A']);
  });

  it('treats children in other files as chapters (EPUB)', () => {
    const roots = [
      node('The Novel', 'n.xhtml', [node('I', 'c1.xhtml'), node('II', 'c2.xhtml')]),
      node('Colophon', 'col.xhtml'),
    ];
    const picked = selectTocBoundaries(roots, {
      bookTitle: null,
      childLeavesParent: (parent, child) =>
        parent.target?.split('#')[0] !== child.target?.split('#')[0],
    });
    expect(picked.map((p) => p.title)).toEqual(['The Novel', 'I', 'II', 'Colophon']);
  });
});
