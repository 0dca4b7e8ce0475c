import { describe, expect, it } from 'vitest';
import { judgeSection, looksLikeToc, placeMatter } from './front-matter.ts';
import type { Block, RawSection } from './types.ts';

const para = (text: string, extra: Partial<Block> = {}): Block => ({ text, ...extra });
const prose = (n: number): Block[] =>
  Array.from({ length: n }, (_, i) =>
    para(`She walked along the shore for the ${i}th time, thinking of the sea and the ships.`),
  );

function section(
  title: string | null,
  blocks: Block[],
  extra: Partial<RawSection> = {},
): RawSection {
  return { title, blocks, ...extra };
}

describe('judgeSection', () => {
  it('sends Project Gutenberg boilerplate to matter', () => {
    const header = section(null, [
      para('The Project Gutenberg eBook of Alice’s Adventures in Wonderland'),
      para(
        'This ebook is for the use of anyone anywhere ... under the terms of the Project Gutenberg License.',
      ),
      para('*** START OF THE PROJECT GUTENBERG EBOOK ALICE ***'),
    ]);
    expect(judgeSection(header, null)).toBe('matter');
    expect(judgeSection(section('THE FULL PROJECT GUTENBERG LICENSE', prose(20)), null)).toBe(
      'matter',
    );
  });

  it('recognises contents, title pages and legal pages whatever their titles', () => {
    const contents = section(
      null,
      [
        'Contents',
        'CHAPTER I. Down the Rabbit-Hole',
        'CHAPTER II. The Pool of Tears',
        'CHAPTER III. A Caucus-Race',
        'CHAPTER IV. The Rabbit',
      ].map((t) => para(t)),
    );
    expect(looksLikeToc(contents.blocks)).toBe(true);
    expect(judgeSection(contents, null)).toBe('matter');
    const pages = section(
      'Contents',
      ['A Scandal In Bohemia 3', 'The Red-Headed League 21', 'A Case Of Identity 38'].map((t) =>
        para(t),
      ),
    );
    expect(judgeSection(pages, null)).toBe('matter');
    expect(
      judgeSection(
        section('Alice’s Adventures in Wonderland', [para('by Lewis Carroll')]),
        "Alice's Adventures in Wonderland",
      ),
    ).toBe('matter');
    expect(
      judgeSection(
        section('Copyright', [
          para('© 2024 Ada Writer. All rights reserved. ISBN 978-0-00-000000-0'),
        ]),
        null,
      ),
    ).toBe('matter');
    expect(
      judgeSection(
        section(null, [para('Copyright © 2024 Ada Writer. All rights reserved.')]),
        null,
      ),
    ).toBe('matter');
  });

  it('classifies front and back matter titles in several languages', () => {
    for (const title of [
      'Table of Contents',
      'Preface',
      'Foreword',
      'Introduction',
      'Dedication',
      'Inhalt',
      'Vorwort',
      'Indice',
      'Prefazione',
      'Transcriber’s Notes',
      'List of Illustrations',
    ]) {
      expect(judgeSection(section(title, prose(3)), null), title).toBe('matter');
    }
    for (const title of ['Colophon', 'Index', 'About the Author', 'Endnotes', 'Anmerkungen']) {
      expect(judgeSection(section(title, prose(3)), null), title).toBe('matter');
    }
  });

  it('follows what an EPUB declares, except for narrated units', () => {
    expect(judgeSection(section('Imprint', prose(3), { kindHint: 'front_matter' }), null)).toBe(
      'front',
    );
    expect(judgeSection(section('Something', prose(3), { kindHint: 'front_matter' }), null)).toBe(
      'front',
    );
    expect(judgeSection(section('Something', prose(3), { kindHint: 'back_matter' }), null)).toBe(
      'back',
    );
    expect(judgeSection(section('Prologue', prose(3), { kindHint: 'front_matter' }), null)).toBe(
      'narration',
    );
    const titlepage = section('Titlepage', [para('By Jane Austen.', { semantic: 'titlepage' })]);
    expect(judgeSection(titlepage, null)).toBe('matter');
    const chapter = section(
      'I',
      prose(10).map((b) => ({ ...b, semantic: 'chapter' })),
    );
    expect(judgeSection(chapter, null)).toBe('narration');
  });

  it('calls labelled chapters narration and leaves other prose undecided', () => {
    expect(judgeSection(section('Chapter 3', prose(10)), null)).toBe('narration');
    expect(judgeSection(section('Letter 1', prose(10)), null)).toBe('narration');
    expect(judgeSection(section('Epilogue', prose(10)), null)).toBe('narration');
    expect(judgeSection(section('ETYMOLOGY.', prose(10)), null)).toBe('unknown');
  });

  it('places matter before the first narrated section as front, after the last as back', () => {
    expect(placeMatter(0, 2, 8, null)).toBe('front_matter');
    expect(placeMatter(9, 2, 8, 'Colophon')).toBe('back_matter');
    expect(placeMatter(5, 2, 8, 'Contents')).toBe('front_matter');
    expect(placeMatter(5, 2, 8, 'Notes')).toBe('back_matter');
  });
});
