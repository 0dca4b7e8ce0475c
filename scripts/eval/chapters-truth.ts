/**
 * Ground truth for the chapter-extraction eval (scripts/eval/chapters.ts), one row per dev book
 * in <data>/books/{epub,pdf,docx,txt}. Established by reading each file, not by running the
 * extractor: the EPUB nav/NCX and spine, the PDF outline and its printed headings, the DOCX
 * paragraphs, the TXT heading lines.
 *
 * What counts as a chapter (kind 'chapter'): every unit a narrator reads aloud as its own
 * chapter. That includes the author's own prefatory and closing pieces (Moby-Dick's Etymology,
 * Extracts and Epilogue; Carroll's prefatory poem) and the letters of an epistolary opening
 * (Frankenstein's four letters are Walton's narration, told before chapter 1). It excludes
 * title pages, tables of contents, licence boilerplate, transcriber's notes, imprints,
 * colophons and editors' prefaces: those are front/back matter.
 *
 * bodyStart / bodyEnd: the first and last words of the narrated text. Every word outside
 * [bodyStart, bodyEnd] is front or back matter (title page, contents, Gutenberg licence, ...);
 * the eval counts how many of those words ended up in narrated chapters.
 */
export interface ChapterTruth {
  /** Path under <data>/books. */
  file: string;
  chapters: number;
  bodyStart: string;
  bodyEnd: string;
  /** How the count was established, and judgement calls. */
  note: string;
}

export const CHAPTER_TRUTH: ChapterTruth[] = [
  {
    file: 'epub/pg_alice-in-wonderland.epub',
    chapters: 12,
    bodyStart: 'Alice was beginning to get very tired',
    bodyEnd: 'the happy summer days THE END',
    note: 'nav: title, edition line, Contents, CHAPTER I–XII, licence. No prefatory poem in this edition.',
  },
  {
    file: 'epub/pg_frankenstein.epub',
    chapters: 28,
    bodyStart: 'To Mrs Saville England St Petersburgh',
    bodyEnd: 'lost in darkness and distance',
    note: 'nav: title, CONTENTS, Letter 1–4, Chapter 1–24, licence. The letters are narration: 4 + 24.',
  },
  {
    file: 'epub/pg_moby-dick.epub',
    chapters: 138,
    bodyStart: 'The pale Usher threadbare in coat',
    bodyEnd: 'only found another orphan',
    note:
      'nav: title+contents, transcriber’s notes, ETYMOLOGY, EXTRACTS, CHAPTER 1–135, Epilogue, ' +
      'licence. Etymology, Extracts and Epilogue are Melville’s text: 135 + 3.',
  },
  {
    file: 'epub/se_jane-austen_pride-and-prejudice.epub',
    chapters: 61,
    bodyStart: 'It is a truth universally acknowledged',
    bodyEnd: 'been the means of uniting them',
    note: 'Standard Ebooks nav: Titlepage, Imprint, I–LXI, Colophon, Uncopyright.',
  },
  {
    file: 'pdf/Adventures-Of-Sherlock-Holmes.pdf',
    chapters: 12,
    bodyStart: 'TO Sherlock Holmes she is always the woman',
    bodyEnd: 'she has met with considerable success',
    note:
      'Outline and printed Contents page: 12 adventures ("Adventure I" … "XII"). The I/II/III ' +
      'parts inside some stories are not chapters.',
  },
  {
    file: 'pdf/Alice-In-Wonderland.pdf',
    chapters: 13,
    bodyStart: 'All in the golden afternoon Full leisurely we glide',
    bodyEnd: 'the happy summer days THE END',
    note:
      'Outline and Contents page: "Poem. All in the golden afternoon" then Chapter I–XII. ' +
      'The prefatory poem is Carroll’s and is read in audiobooks: 12 + 1.',
  },
  {
    file: 'docx/frankenstein.docx',
    chapters: 4,
    bodyStart: 'To Mrs Saville England St Petersburgh',
    bodyEnd: 'lost in darkness and distance',
    note:
      'Pandoc-style conversion that lost every "Chapter N" heading: the only headings in the ' +
      'file are Letter 1–4 (its Contents lists 4 letters and 24 empty entries). The structure ' +
      'visible in the file is 4 units; Letter 4 runs on through the whole novel.',
  },
  {
    file: 'docx/pride-and-prejudice.docx',
    chapters: 61,
    bodyStart: 'It is a truth universally acknowledged',
    bodyEnd: 'been the means of uniting them',
    note:
      'Body paragraphs "Chapter I." / "CHAPTER II." … "CHAPTER LXI." (one written ' +
      '"CHAPTERXXVII."). Saintsbury’s preface and the list of illustrations are front matter.',
  },
  {
    file: 'txt/de_kafka_die-verwandlung_pg22367.txt',
    chapters: 3,
    bodyStart: 'Als Gregor Samsa eines Morgens',
    bodyEnd: 'ihren jungen Körper dehnte',
    note: 'Title lines, then parts "I.", "II.", "III.", then the Gutenberg END marker and licence.',
  },
  {
    file: 'txt/en_litbank_105_persuasion.txt',
    chapters: 24,
    bodyStart: 'Sir Walter Elliot of Kellynch Hall',
    bodyEnd: 'national importance Finis',
    note:
      'LitBank original/ text: the full novel without Gutenberg header or licence, "Chapter 1" ' +
      '… "Chapter 24" numbered straight through both volumes, ending "Finis". No front matter.',
  },
  {
    file: 'txt/en_litbank_11_alices_adventures_in_wonderland.txt',
    chapters: 12,
    bodyStart: 'Alice was beginning to get very tired',
    bodyEnd: 'the happy summer days THE END',
    note: 'LitBank original/ text: "CHAPTER I. Down the Rabbit-Hole" … "CHAPTER XII", no front matter.',
  },
];
