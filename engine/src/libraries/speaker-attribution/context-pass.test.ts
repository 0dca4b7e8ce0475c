import { describe, expect, it } from 'vitest';
import { readCast } from './context-pass.ts';
import { testParagraphs as book, type TestLine as Line } from './test-fixtures/paragraphs.ts';

/** Per paragraph: the speakers of its dialogue lines, '-' for a narration line. */
function speakers(
  lines: Line[],
  language = 'en',
  aliases = [] as { name: string; alias_of: string }[],
) {
  const reading = readCast(book(lines), { language, aliases });
  return reading.paragraphs.map((p) =>
    p.lines.map((l) => (l.kind === 'narration' ? '-' : (l.speaker ?? '?'))).join(' '),
  );
}

// Pride and Prejudice, chapter 1 (abridged): no name is ever given to a quote; the speakers are
// "his lady", "she", "his wife", "he", and the turns between.
const BENNETS = [
  '“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”',
  'Mr. Bennet replied that he had not.',
  '“But it is,” returned she; “for Mrs. Long has just been here, and she told me all about it.”',
  'Mr. Bennet made no answer.',
  '“Do not you want to know who has taken it?” cried his wife impatiently.',
  '“You want to tell me, and I have no objection to hearing it.”',
  '“Why, my dear, you must know, Mrs. Long says that Netherfield is taken by a young man of large fortune.”',
  '“What is his name?”',
  '“Bingley.”',
  '“Is he married or single?” asked Mr. Bennet.',
  'Mrs. Bennet sighed.',
];

describe('readCast: descriptors and pronouns resolved to named characters', () => {
  it('reads the Bennets’ first exchange: kin through a title, pronouns, then turn-taking', () => {
    expect(speakers(BENNETS)).toEqual([
      'Mrs. Bennet - Mrs. Bennet',
      '-',
      'Mrs. Bennet - Mrs. Bennet',
      '-',
      'Mrs. Bennet -',
      'Mr. Bennet',
      'Mrs. Bennet',
      'Mr. Bennet',
      'Mrs. Bennet',
      'Mr. Bennet -',
      '-',
    ]);
  });

  it('gives "the lawyer" to Utterson once the book has said he is the lawyer', () => {
    // The Strange Case of Dr Jekyll and Mr Hyde, chapter 1 (abridged).
    const lines = [
      'Mr. Utterson the lawyer was a man of a rugged countenance that was never lighted by a smile.',
      '“I incline to Cain’s heresy,” he used to say quaintly.',
      'Mr. Enfield and the lawyer were on the other side of the by-street.',
      '“Did you ever remark that door?” asked Mr. Enfield.',
      '“I know it,” said the lawyer.',
    ];
    const out = speakers(lines);
    expect(out[4]).toBe('Mr. Utterson -');
    expect(out[3]).toBe('Mr. Enfield -');
  });

  it('gives "the doctor" to the one doctor on stage', () => {
    const lines = [
      'Dr. Lanyon sat alone over his wine. Mr. Utterson came in.',
      '“I suppose, Lanyon,” said Mr. Utterson, “you and I must be the two oldest friends.”',
      '“I wish the friends were younger,” chuckled the doctor.',
    ];
    expect(speakers(lines)[2]).toBe('Dr. Lanyon -');
  });

  it('leaves "he said" with the narrator when two men could have said it', () => {
    const lines = [
      'Mr. Darcy and Mr. Bingley walked in together.',
      '“It is a fine evening,” he said.',
    ];
    expect(speakers(lines)[1]).toBe('? -');
  });

  it('resolves "she said" to the one woman the paragraph names as its subject', () => {
    const lines = [
      '“Good evening,” said Elizabeth.',
      'Mr. Darcy bowed. Elizabeth looked at him for a moment. “I am sure you will,” she said.',
    ];
    expect(speakers(lines)[1]).toBe('- Elizabeth -');
  });

  it('never answers oneself: "he replied" is not the last man to speak', () => {
    const lines = [
      '“Will you come?” asked Mr. Darcy.',
      'Mr. Bingley looked at the window for a long while.',
      '“I do not think I shall,” he replied.',
    ];
    expect(speakers(lines)[2]).toBe('Mr. Bingley -');
  });

  it('leaves "he said" alone when an unnamed man may have said it', () => {
    const lines = [
      '“Good evening,” said Mr. Darcy.',
      'An old man came slowly up the path with a lantern.',
      '“It is cold tonight,” he said.',
    ];
    expect(speakers(lines)[2]).toBe('? -');
  });

  it('resolves "he said" to the one man the narration before it names, in any role', () => {
    // The Adventures of Tom Sawyer, chapter 1 (names changed): Tom is no sentence's subject.
    const lines = [
      '“We should go,” said Sid.',
      '“Not yet,” said Jim.',
      'A bit of a scare shot through Tom. It told him nothing. So he said: “No, not very much.”',
    ];
    expect(speakers(lines)[2]).toBe('- Tom');
  });

  it('resolves "said he" opening a paragraph to the one person the narration before names', () => {
    const lines = [
      '“We should go,” said Sid.',
      '“Not yet,” said Jim.',
      'The mind of Tom was hushed into composure by the quiet of the night.',
      '“I will think of it no more,” said he.',
    ];
    expect(speakers(lines)[3]).toBe('Tom -');
  });

  it('resolves "he said" opening a paragraph to the subject of the last sentence before it', () => {
    // Adrift in New York, chapter 1 (abridged): the narration names two men.
    const lines = [
      '“You are not an old man,” said Mr. Waring.',
      '“It is not years only that make a man old,” said Mr. Linden.',
      'Mr. Waring pressed his hand, and his face darkened. Mr. Linden looked from one to the other.',
      '“Yes,” he said, “I must not forget that I have a nephew.”',
    ];
    expect(speakers(lines)[3]).toBe('Mr. Linden - Mr. Linden');
  });

  it('leaves "he said" alone when the last sentence before it is a woman’s', () => {
    const lines = [
      '“You are not an old man,” said Mr. Waring.',
      '“It is not years only that make a man old,” said Mr. Linden.',
      'Mr. Waring pressed his hand, and Mr. Linden sighed. Miss Linden looked from one to the other.',
      '“Yes,” he said, “I must not forget that I have a nephew.”',
    ];
    expect(speakers(lines)[3]).toBe('? - ?');
  });

  it('leaves "said he" alone when that narration also brings on an unnamed man', () => {
    const lines = [
      '“We should go,” said Sid.',
      '“Not yet,” said Jim.',
      'The mind of Tom was hushed into composure, and an old man watched him.',
      '“I will think of it no more,” said he.',
    ];
    expect(speakers(lines)[3]).toBe('? -');
  });

  it('never gives a line to the person its clause speaks to', () => {
    // Charlotte Temple, chapter 6: Captain Eldridge speaks to Temple.
    const lines = [
      'Temple looked at the old man.',
      '“This is a strange place,” said he to Temple, “to receive visitors of distinction in.”',
    ];
    expect(speakers(lines)[1]).toBe('? - ?');
  });
});

describe('readCast: turn-taking and vocatives', () => {
  it('hands the next turn to the one addressed', () => {
    const lines = [
      '“Good morning,” said Jane.',
      'Elizabeth came in from the garden.',
      '“You are very late, Jane,” said Elizabeth.',
      '“The roads were dreadful.”',
    ];
    expect(speakers(lines).slice(2)).toEqual(['Elizabeth -', 'Jane']);
  });

  it('stops at a third speaker and never alternates across narration', () => {
    const lines = [
      '“Shall we go?” said Elizabeth.',
      '“Not yet,” said Jane.',
      '“Why not?” said Lydia.',
      '“Because it rains.”',
      'They waited by the window.',
      '“It has stopped.”',
    ];
    const out = speakers(lines);
    expect(out[3]).toBe('?');
    expect(out[5]).toBe('?');
  });

  it('refuses a guess whose clause says the other gender', () => {
    const lines = [
      '“Shall we go?” said Elizabeth.',
      '“Not yet,” said Mr. Darcy.',
      '“Why not?”',
      '“Because it rains,” said he.',
      '“It has stopped,” she said.',
    ];
    expect(speakers(lines).slice(2)).toEqual(['Elizabeth', 'Mr. Darcy -', 'Elizabeth -']);
  });
});

describe('readCast: kin words the book ties to a name', () => {
  // Alger, Adrift in New York (abridged): "Uncle John" is John Linden, so "uncle" is his.
  const LINDENS = [
    'By the fire sat John Linden, and beside him sat Florence.',
    '“You know that I love you, Uncle John,” said Florence.',
    'Then in from the hall came Curtis Waring.',
    '“He is a rough street boy,” said Curtis.',
    '“That is what I most dread,” said his uncle.',
  ];

  it('reads "said his uncle" as the one uncle the book names', () => {
    expect(speakers(LINDENS).slice(3)).toEqual(['Curtis -', 'John Linden -']);
  });

  it('leaves "said his uncle" alone when the book names two uncles', () => {
    const lines = [
      'By the fire sat John Linden and Tom Bell, and beside them sat Florence.',
      '“Good night, Uncle Tom,” said Florence.',
      ...LINDENS.slice(1),
    ];
    expect(speakers(lines).slice(-1)).toEqual(['? -']);
  });

  it('hands the next turn to the aunt a bare "aunt" addresses', () => {
    const lines = [
      '“What you been doing in there?” said Aunt Polly.',
      '“Nothing,” said Sid.',
      '“I don’t know, aunt,” said Tom.',
      '“Well, I know.”',
    ];
    expect(speakers(lines).slice(2)).toEqual(['Tom -', 'Aunt Polly']);
  });
});

describe('readCast: lines', () => {
  it('keeps the narration after a reply out of the speaker’s voice', () => {
    const reading = readCast(
      book(['“I will think on it,” Thomas replied. He closed the book and went to the window.']),
      { language: 'en' },
    );
    const lines = reading.paragraphs[0]?.lines ?? [];
    expect(lines.map((l) => [l.kind, l.speaker, l.text])).toEqual([
      ['dialogue', 'Thomas', '“I will think on it,”'],
      ['narration', null, 'Thomas replied. He closed the book and went to the window.'],
    ]);
    // A paragraph mostly narration has no speaker of its own (rule 6's share).
    expect(reading.paragraphs[0]?.speaker).toBeNull();
  });

  it('keeps a quote after narration naming someone else out of the clause’s speaker’s voice', () => {
    // Adrift in New York, chapter 1: the second quote is Curtis's reply.
    const lines = [
      '“Indeed, Florence, you ought to know,” said Curtis.',
      '“I know nothing of it,” said Florence, coldly, drawing aloof from Curtis. “You know the dearest wish of my heart.”',
    ];
    expect(speakers(lines)[1]).toBe('Florence - ?');
  });

  it('gives a quote set inside narration its own speaker', () => {
    const reading = readCast(
      book(['The girls stared at their father. Mrs. Bennet said only, “Nonsense, nonsense!”']),
      { language: 'en' },
    );
    expect(reading.paragraphs[0]?.lines.map((l) => l.speaker)).toEqual([null, 'Mrs. Bennet']);
  });

  it('reads Italian "- " dialogue and French incises', () => {
    expect(
      speakers(
        [
          '- Cosa comanda? - rispose subito don Abbondio, alzando gli occhi dal libro.',
          '- Signor curato, - disse Renzo, - son venuto a sapere a che ora vuole che ci troviamo.',
        ],
        'it-IT',
      ),
    ).toEqual(['Don Abbondio -', 'Renzo - Renzo']);
    expect(speakers(['— Mon oncle ! dit Bouvard.'], 'fr-FR')).toEqual(['Bouvard -']);
  });

  it('keeps a hand-set name, and reads the rest of the book around it', () => {
    const lines: Line[] = [
      { text: '“Shall we go?”', character_name: 'Elizabeth' },
      '“Not yet,” said Jane.',
      '“Why not?”',
    ];
    expect(speakers(lines)).toEqual(['Elizabeth', 'Jane -', 'Elizabeth']);
  });

  it('leaves cleared and locked unnamed paragraphs with the narrator', () => {
    const lines: Line[] = [
      '“Shall we go?” said Elizabeth.',
      { text: '“Not yet,” said Jane.', speaker_cleared: true },
      { text: '“Why not?”', locked: true },
    ];
    expect(speakers(lines)).toEqual(['Elizabeth -', '? -', '?']);
  });
});

describe('readCast: characters and aliases', () => {
  it('merges title and name variants into one character, and proposes them as aliases', () => {
    const reading = readCast(
      book([
        '“I see you feel as I do,” said Mr. Utterson.',
        '“Yes,” said Utterson.',
        '“And Holmes?” asked Sherlock Holmes.',
        '“He is out,” said Holmes.',
      ]),
      { language: 'en' },
    );
    const byName = new Map(reading.characters.map((c) => [c.name, c]));
    expect(byName.get('Mr. Utterson')?.aliases).toEqual(['Utterson']);
    expect(byName.get('Sherlock Holmes')?.aliases).toEqual(['Holmes']);
    expect(reading.aliases).toContainEqual({ name: 'Utterson', alias_of: 'Mr. Utterson' });
  });

  it('never proposes an alias over one the caller set', () => {
    const reading = readCast(
      book(['“Yes,” said Mr. Utterson.', '“No,” said Utterson.', '“Well,” said Enfield.']),
      { language: 'en', aliases: [{ name: 'Utterson', alias_of: 'Enfield' }] },
    );
    expect(reading.aliases.some((a) => a.name === 'Utterson')).toBe(false);
    const enfield = reading.characters.find((c) => c.name === 'Enfield');
    expect(enfield?.lines).toBe(2);
    expect(reading.paragraphs[1]?.lines[0]?.speaker).toBe('Enfield');
  });
});

describe('readCast: names', () => {
  it('reads no name from a heading in capitals: it is not a variant of a character', () => {
    const reading = readCast(
      book([
        "*** START OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***",
        'CHAPTER I',
        '"And what is the use of a book," said Alice, "without pictures or conversations?"',
      ]),
      { language: 'en' },
    );
    const alice = reading.characters.find((c) => c.name === 'Alice');
    expect(alice?.aliases).toEqual([]);
    expect(reading.characters.map((c) => c.name)).toEqual(['Alice']);
  });
});
