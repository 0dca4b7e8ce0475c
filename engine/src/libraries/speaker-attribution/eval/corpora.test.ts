import { describe, expect, it } from 'vitest';
import { precision, recall, scoreBook } from './eval-book.ts';
import { codePointOffsets, parseCsv, parsePyLiteral, pyStrings } from './formats.ts';
import { loadFrLitbankBook } from './fr-litbank.ts';
import { loadLitbankBook, speakerName } from './litbank.ts';
import { loadPdncBook } from './pdnc.ts';

describe('formats', () => {
  it('parses CSV with quoted, multi-line fields and doubled quotes', () => {
    expect(parseCsv('a,b\n"x, ""y""","line\nbreak"\n1,2\n')).toEqual([
      { a: 'x, "y"', b: 'line\nbreak' },
      { a: '1', b: '2' },
    ]);
  });

  it('parses the Python literals PDNC stores in its cells', () => {
    expect(pyStrings(parsePyLiteral(`{'Lizzy', "Miss Eliza", 'O\\'Hara'}`))).toEqual([
      'Lizzy',
      'Miss Eliza',
      "O'Hara",
    ]);
    expect(parsePyLiteral('[[395, 414], [447, 499]]')).toEqual([
      [395, 414],
      [447, 499],
    ]);
  });

  it('maps code-point offsets to UTF-16 offsets', () => {
    const text = 'a😀b';
    expect(codePointOffsets(text)(2)).toBe(3);
    expect(codePointOffsets('abc')(2)).toBe(2);
  });
});

const LONG = 'I have never seen anything like it in all my life, I assure you';

describe('PDNC loader', () => {
  const novelText = `CHAPTER I.\n\n"${LONG}," said\nLizzy.\n\n"${LONG}," said Mr. Darcy.\n\n"${LONG}," said Jane.\n`;
  const start = (needle: string, from = 0) => novelText.indexOf(needle, from);
  const q1 = start('"I') + 1;
  const q2 = start('"I', q1) + 1;
  const q3 = start('"I', q2) + 1;
  const quotationCsv = [
    'quoteID,quoteText,quoteByteSpans,speaker',
    `Q0,x,"[[${q1}, ${q1 + 5}]]",Elizabeth`,
    `Q1,x,"[[${q2}, ${q2 + 5}]]",Mr. Darcy`,
    `Q2,x,"[[${q3}, ${q3 + 5}]]",Elizabeth`,
  ].join('\n');
  const characterCsv = [
    'Character ID,Main Name,Aliases,Gender,Category',
    `0,Elizabeth,"{'Lizzy', 'Elizabeth'}",F,major`,
    `1,Mr. Darcy,"{'Darcy', 'Mr. Darcy'}",M,major`,
    `2,Jane,"{'Jane'}",F,major`,
  ].join('\n');

  it('splits on blank lines, places quotes and matches through aliases', () => {
    const book = loadPdncBook({ name: 't', novelText, quotationCsv, characterCsv });
    expect(book.paragraphs).toHaveLength(4);
    expect(book.quotes.map((q) => q.paragraph)).toEqual([1, 2, 3]);
    expect(book.matches('Lizzy', 'Elizabeth')).toBe(true);
    expect(book.matches('Darcy', 'Mr. Darcy')).toBe(true);
    expect(book.matches('Jane', 'Elizabeth')).toBe(false);
    const score = scoreBook(book);
    // "said Jane" on a quote annotated as Elizabeth's: one wrong of three.
    expect([score.attributed, score.correct]).toEqual([3, 2]);
    expect(precision(score)).toBeCloseTo(2 / 3);
    expect(recall(score)).toBeCloseTo(2 / 3);
  });
});

describe('LitBank loader', () => {
  const sentences = [
    'Chapter 1 It was a fine day .',
    `“ ${LONG} , ” said Elizabeth .`,
    '“ Is it ? ”',
    'cried her mother impatiently .',
    'Mr. Bennet replied that he had not .',
    '“ It is . ”',
    'Elizabeth asked .',
  ].join('\n');
  const ann = [
    'QUOTE\tQ1\t1\t0\t1\t5\tx',
    'QUOTE\tQ2\t2\t0\t2\t4\tx',
    'QUOTE\tQ3\t5\t0\t5\t3\tx',
    'ATTRIB\tQ1\tElizabeth_Bennet-3',
    'ATTRIB\tQ2\tMrs__Bennet-4',
    'ATTRIB\tQ3\ther_mother-9',
  ].join('\n');

  it('rebuilds paragraphs from sentences', () => {
    const book = loadLitbankBook({ name: 't', sentences, ann });
    expect(book.paragraphs).toEqual([
      'Chapter 1 It was a fine day.',
      `“${LONG},” said Elizabeth.`,
      // a capitalised sentence after a sentence without speech stays in the paragraph
      '“Is it?” cried her mother impatiently. Mr. Bennet replied that he had not.',
      // a bare reporting sentence after speech stays too
      '“It is.” Elizabeth asked.',
    ]);
    expect(book.quotes.map((q) => [q.paragraph, q.gold])).toEqual([
      [1, 'Elizabeth Bennet'],
      [2, 'Mrs Bennet'],
      [3, null],
    ]);
    expect(book.matches('Elizabeth', 'Elizabeth Bennet')).toBe(true);
    expect(book.matches('Mr. Bennet', 'Mrs Bennet')).toBe(false);
  });

  it('keeps a bare quotation after a reporting clause in the paragraph, as books print it', () => {
    const book = loadLitbankBook({
      name: 't',
      sentences: [
        '“ But it is so long ago , uncle , ” said Curtis .',
        '“ It must be fourteen years . ”',
        '“ It is fourteen years . ”',
        '“ Is it ? ” asked Curtis .',
        '“ Yes ! ”',
        'laughed Florence .',
        '“ Yes . ”',
        '“ No , ” said Curtis .',
        '“ I do n’t know .',
        'I ’m a boy , ” said the child .',
      ].join('\n'),
      ann: '',
    });
    expect(book.paragraphs).toEqual([
      // the clause closes the speech; a quotation with nothing else goes on in that paragraph
      '“But it is so long ago, uncle,” said Curtis. “It must be fourteen years.”',
      // after a bare quotation, a quotation is a new paragraph
      '“It is fourteen years.”',
      '“Is it?” asked Curtis.',
      // a quotation whose clause follows on the next sentence line is a new paragraph; the
      // clause, even on its own line, closes the speech again
      '“Yes!” laughed Florence. “Yes.”',
      // a quotation with its own clause is a new paragraph, also where the clause follows the
      // quotation's last sentence line
      '“No,” said Curtis.',
      '“I don’t know. I’m a boy,” said the child.',
    ]);
  });

  it('closes with a mark ending a sentence line when the next line opens with a mark', () => {
    // North and South, chapter 1: "a'" (all) leaves the straight single marks unpaired.
    const book = loadLitbankBook({
      name: 't',
      sentences: [
        "CHAPTER I ' HASTE TO THE WEDDING ' ' Wooed and married and a ' . '",
        "' Edith ! '",
        'said Margaret , gently .',
      ].join('\n'),
      ann: '',
    });
    expect(book.paragraphs).toEqual([
      "CHAPTER I 'HASTE TO THE WEDDING' 'Wooed and married and a'.'",
      "'Edith!' said Margaret, gently.",
    ]);
  });

  it('scores the lines read in the first-person narrator’s voice only in the narrator pass', () => {
    const narrated = loadLitbankBook({
      name: 't',
      sentences: [
        'Chapter 1 Holmes sat by the fire .',
        '“ You have been in Afghanistan , ” said Holmes .',
        '“ How did you know ? ” I asked .',
        '“ I knew it , ” said Holmes .',
        '“ You amaze me , ” I said .',
      ].join('\n'),
      ann: [
        'QUOTE\tQ1\t1\t0\t1\t7\tx',
        'QUOTE\tQ2\t2\t0\t2\t6\tx',
        'QUOTE\tQ3\t3\t0\t3\t5\tx',
        'QUOTE\tQ4\t4\t0\t4\t5\tx',
        'ATTRIB\tQ1\tSherlock_Holmes-1',
        'ATTRIB\tQ2\tWatson-3',
        'ATTRIB\tQ3\tSherlock_Holmes-1',
        'ATTRIB\tQ4\tWatson-3',
      ].join('\n'),
    });
    const context = scoreBook(narrated, 'context');
    expect([context.verifiable, context.attributed, context.correct]).toEqual([4, 2, 2]);
    // The narrator's two lines fall on the chain Watson-3: paired with it, they are correct.
    const narrator = scoreBook(narrated, 'narrator');
    expect([narrator.verifiable, narrator.attributed, narrator.correct]).toEqual([4, 4, 4]);
  });

  it('names speakers only when the annotation gives a proper name', () => {
    expect(speakerName('Mr__Sherlock_Holmes-12')).toBe('Mr Sherlock Holmes');
    expect(speakerName('his_mother-3')).toBeNull();
    expect(speakerName('Tom_s_aunt-3')).toBeNull();
    expect(speakerName('I-1')).toBeNull();
  });
});

describe('fr-litbank loader', () => {
  const text = `Titre\n— Moi, je suis veuf depuis longtemps, dit Bouvard, et sans enfants !\n— Et moi, je ne le suis pas, dit-il.\n`;
  const c1 = text.indexOf('— Moi');
  const c2 = text.indexOf('— Et');
  const e1 = text.indexOf('Bouvard');
  const e2 = text.indexOf('il.');
  const ann = [
    `T1\tCitation ${c1} ${c1 + 10}\t— Moi`,
    `T2\tCitation ${c2} ${c2 + 5};${c2 + 6} ${c2 + 9}\t— Et moi`,
    `T3\tEntite ${e1} ${e1 + 7}\tBouvard`,
    `T4\tEntite ${e2} ${e2 + 2}\til`,
    'R1\tSource Arg1:T3 Arg2:T1',
    'R2\tSource Arg1:T4 Arg2:T2',
  ].join('\n');

  it('reads citations, sources and pronoun speakers', () => {
    const book = loadFrLitbankBook({ name: 't', text, ann });
    expect(book.paragraphs).toHaveLength(3);
    expect(book.quotes.map((q) => [q.paragraph, q.gold])).toEqual([
      [1, 'Bouvard'],
      [2, null],
    ]);
    const score = scoreBook(book);
    expect([score.quotes, score.attributed, score.correct]).toEqual([2, 1, 1]);
  });
});
