import { describe, expect, it } from 'vitest';
import {
  detectSpeakers,
  detectSpeakersExplained,
  type ParagraphForDetection,
} from './speaker-detection.ts';

type Line = string | (Partial<ParagraphForDetection> & { text: string });

function book(lines: Line[]): ParagraphForDetection[] {
  return lines.map((line, i) => {
    const p = typeof line === 'string' ? { text: line } : line;
    return {
      id: `p${i}`,
      character_name: null,
      locked: false,
      speaker_cleared: false,
      ...p,
    };
  });
}

/** Speaker per paragraph index ('' for narrator / unattributed). */
function speakers(lines: Line[], language = 'en-US'): string[] {
  const paragraphs = book(lines);
  const { attributions } = detectSpeakers(paragraphs, { language });
  return paragraphs.map((p) => attributions.get(p.id) ?? '');
}

const LONG = 'I have never seen anything like it in all my life, I assure you';

describe('rule 6: clearly speech', () => {
  it('reads curly, straight and single quotes', () => {
    expect(
      speakers([
        `“${LONG},” said Elizabeth.`,
        `"${LONG}," said Elizabeth.`,
        `‘${LONG},’ said Elizabeth.`,
      ]),
    ).toEqual(['Elizabeth', 'Elizabeth', 'Elizabeth']);
  });

  it('reads guillemets, German „…“ and »…«', () => {
    expect(
      speakers([`«Non ho mai visto niente di simile in vita mia», disse Renzo.`], 'it-IT'),
    ).toEqual(['Renzo']);
    expect(
      speakers(
        [
          `„Ich habe so etwas noch nie in meinem ganzen Leben gesehen“, sagte Gregor.`,
          `»Ich habe so etwas noch nie in meinem ganzen Leben gesehen«, sagte Grete.`,
        ],
        'de-DE',
      ),
    ).toEqual(['Gregor', 'Grete']);
  });

  it('reads a paragraph opened with an em dash, with French and Italian incises', () => {
    expect(
      speakers([`— Moi, je suis veuf depuis longtemps, dit Bouvard, et sans enfants !`], 'fr-FR'),
    ).toEqual(['Bouvard']);
    expect(
      speakers(
        [`— Signor curato, — disse Renzo, — son venuto a sapere a che ora vuole che ci troviamo.`],
        'it-IT',
      ),
    ).toEqual(['Renzo']);
  });

  it('leaves paragraphs with no speech to the narrator', () => {
    expect(speakers(['Elizabeth said that she would go to the ball after all.'])).toEqual(['']);
  });
});

describe('rule 6: a reporting verb next to a name', () => {
  it('reads inverted and subject-first clauses after the quote, titles included', () => {
    expect(
      speakers([
        `“${LONG},” said Mr. Darcy.`,
        `“${LONG},” Mrs. Bennet replied.`,
        `“${LONG},” cried Dr. Watson, warmly.`,
        `“${LONG},” answered Lady Catherine de Bourgh.`,
        `“${LONG},” said the Hatter.`,
      ]),
    ).toEqual(['Mr. Darcy', 'Mrs. Bennet', 'Dr. Watson', 'Lady Catherine de Bourgh', 'The Hatter']);
  });

  it('reads the clause before the quote', () => {
    expect(speakers([`Elizabeth said, “${LONG}.”`, `Then said Sir William: “${LONG}.”`])).toEqual([
      'Elizabeth',
      'Sir William',
    ]);
  });

  it('reads Italian reporting verbs with titles (Signor, Signora, Don, Donna)', () => {
    const line = 'Non ho mai visto niente di simile in vita mia, ve lo assicuro';
    expect(
      speakers(
        [
          `«${line}», disse don Abbondio.`,
          `«${line}», rispose la Signora Prassede.`,
          `«${line}», esclamò il Signor Curato.`,
          `«${line}», domandò donna Prassede.`,
          `Don Rodrigo rispose: «${line}».`,
        ],
        'it-IT',
      ),
    ).toEqual([
      'Don Abbondio',
      'La Signora Prassede',
      'Il Signor Curato',
      'Donna Prassede',
      'Don Rodrigo',
    ]);
  });

  it('keeps in doubt: unnamed subjects, possessives, two names, negation, unknown verbs', () => {
    expect(
      speakers([
        `“${LONG},” he said.`,
        `“${LONG},” said his wife.`,
        `“${LONG},” said Elizabeth's mother.`,
        `“${LONG},” said Elizabeth and Jane.`,
        `“${LONG},” said Elizabeth; “${LONG},” replied Jane.`,
        `“${LONG}?” Elizabeth said nothing.`,
        `“${LONG}.” Slim shook his head.`,
        `“${LONG},” said I.`,
      ]),
    ).toEqual(['', '', '', '', '', '', '', '']);
  });

  it('reads an unlisted English past tense after a quote ending in a comma', () => {
    expect(speakers([`“${LONG},” mourned Anne.`, `“${LONG},” Diana puffed.`])).toEqual([
      'Anne',
      'Diana',
    ]);
  });

  it('keeps a paragraph whose narration makes someone else speak', () => {
    expect(
      speakers([
        `“Oh, a song, please, if the Mock Turtle would be so kind,” Alice replied, so eagerly that the Gryphon said, in a rather offended tone, “Hm! No accounting for tastes! Sing her a song, will you, old fellow?”`,
      ]),
    ).toEqual(['']);
  });

  it('treats a quote inside parentheses as an aside in another voice', () => {
    expect(
      speakers([
        `Last came a little feeble, squeaking voice, (“That’s Bill,” thought Alice,) “Well, I hardly know, no more, thank ye; I’m better now, but I’m a deal too flustered to tell you, all I know is, something comes at me like a Jack-in-the-box!”`,
      ]),
    ).toEqual(['']);
  });
});

describe('rule 6: the 60 percent rule', () => {
  it('attributes only when at least 60 percent of the words are speech', () => {
    expect(
      speakers([
        '“Good!” said Holmes.', // 1 of 3 words
        '“Very good indeed!” said Holmes.', // 3 of 5 = 60 %
        '“Very good!” said Holmes.', // 2 of 4 = 50 %
        `“Yes,” said Elizabeth, and went slowly out of the room to find her sister upstairs.`,
      ]),
    ).toEqual(['', 'Holmes', '', '']);
  });
});

describe('rule 6: a narration paragraph ending in a colon', () => {
  it('names the speaker of the next paragraph', () => {
    expect(speakers(['After a long silence Mr. Darcy spoke:', `“${LONG}.”`])).toEqual([
      '',
      'Mr. Darcy',
    ]);
  });

  it('does nothing when the colon line names nobody or is not followed by speech', () => {
    expect(speakers(['She said:', `“${LONG}.”`])).toEqual(['', '']);
    expect(speakers(['Mr. Darcy said:', 'The letter was short.'])).toEqual(['', '']);
  });
});

describe('rule 6: turn-taking in a two-person exchange', () => {
  const a = `“${LONG},” said Elizabeth.`;
  const b = `“${LONG},” replied Mr. Darcy.`;
  const q = (text: string) => `“${text}”`;

  it('alternates once both speakers are known', () => {
    expect(
      speakers([a, b, q('Is that so, sir?'), q('It is so, madam.'), q('Then I am satisfied.')]),
    ).toEqual(['Elizabeth', 'Mr. Darcy', 'Elizabeth', 'Mr. Darcy', 'Elizabeth']);
  });

  it('says which clause gave each speaker', () => {
    const { sources } = detectSpeakersExplained(book([a, b, q('Is that so, sir?')]), {
      language: 'en',
    });
    expect([...sources.values()]).toEqual(['reporting-clause', 'reporting-clause', 'turn-taking']);
  });

  it('does not alternate before both are known', () => {
    expect(speakers([a, q('Is that so?'), q('It is so.')])).toEqual(['Elizabeth', '', '']);
  });

  it('fills between two named turns only when the parity agrees', () => {
    expect(speakers([a, q('Is that so, sir?'), q('It is so, madam.'), b])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      'Elizabeth',
      'Mr. Darcy',
    ]);
    expect(speakers([a, q('Is that so?'), q('It is so.'), q('Good.'), b])).toEqual([
      'Elizabeth',
      '',
      '',
      '',
      'Mr. Darcy',
    ]);
  });

  it('drops the guesses when a named turn contradicts the parity', () => {
    expect(speakers([a, b, q('Is that so, sir?'), `“${LONG},” said Elizabeth.`])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      'Elizabeth',
    ]);
  });

  it('stops at a third speaker', () => {
    expect(speakers([a, b, `“${LONG},” said Jane.`, q('Is that so?'), q('It is so.')])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      'Jane',
      '',
      '',
    ]);
    // a run where three are named is no two-person exchange at all
    expect(speakers([a, b, q('Is that so?'), `“${LONG},” said Jane.`])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      'Jane',
    ]);
  });

  it('stops at an unnamed "he said"', () => {
    expect(speakers([a, b, `“${LONG},” he said.`, q('Is that so?'), q('It is so.')])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      '',
      '',
    ]);
  });

  it('stops at a line addressing its would-be speaker, dropping the guesses before it', () => {
    expect(speakers([a, b, q('Is that so?'), q('Indeed, Mr. Darcy, it is.')])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      '',
    ]);
  });

  it('stops at a line addressing a known speaker outside the pair', () => {
    expect(
      speakers([`“${LONG},” said Jane.`, 'Jane left the room.', a, b, q('Jane, is that so?')]),
    ).toEqual(['Jane', '', 'Elizabeth', 'Mr. Darcy', '']);
  });

  it('ends the exchange at a narration paragraph', () => {
    expect(speakers([a, b, 'They walked on in silence.', q('Is that so?')])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      '',
    ]);
  });

  it('treats a first-person narrator who speaks as a third participant', () => {
    expect(speakers([a, b, `“${LONG},” I said.`, q('Is that so?')])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      '',
    ]);
  });

  it('keeps a speech spanning paragraphs with one speaker', () => {
    expect(
      speakers([
        `“${LONG},” said Elizabeth. “And more than that, I will tell you everything`,
        `“that happened there.”`,
      ]),
    ).toEqual(['Elizabeth', 'Elizabeth']);
  });
});

describe('rule 7: what detection may fill', () => {
  it('never replaces a set name, skips locked and cleared lines, uses set names as speakers', () => {
    const paragraphs = book([
      { text: `“${LONG},” said Elizabeth.`, character_name: 'Lizzy' },
      { text: `“${LONG},” said Mr. Darcy.`, locked: true },
      { text: `“${LONG},” said Jane.`, speaker_cleared: true },
      { text: `“${LONG}.”`, character_name: 'Elizabeth' },
      { text: `“${LONG}.”`, character_name: 'Mr. Darcy' },
      `“Is that so, sir?”`,
    ]);
    const { attributions, characters } = detectSpeakers(paragraphs, { language: 'en' });
    expect([...attributions]).toEqual([['p5', 'Elizabeth']]);
    expect(characters).toEqual(['Elizabeth']);
  });

  it('treats cleared and locked unnamed lines as the end of an exchange', () => {
    const a = `“${LONG},” said Elizabeth.`;
    const b = `“${LONG},” replied Mr. Darcy.`;
    expect(
      speakers([a, b, { text: '“Is that so?”', speaker_cleared: true }, '“It is so.”']),
    ).toEqual(['Elizabeth', 'Mr. Darcy', '', '']);
    expect(speakers([a, b, { text: '“Is that so?”', locked: true }, '“It is so.”'])).toEqual([
      'Elizabeth',
      'Mr. Darcy',
      '',
      '',
    ]);
  });

  it('lists each attributed character once, in order of appearance', () => {
    const { characters } = detectSpeakers(
      book([`“${LONG},” said Jane.`, `“${LONG},” said jane.`, `“${LONG},” said Elizabeth.`]),
      { language: 'en' },
    );
    expect(characters).toEqual(['Jane', 'Elizabeth']);
  });

  it('answers an empty book with nothing', () => {
    expect(detectSpeakers([], { language: 'en' })).toEqual({
      attributions: new Map(),
      characters: [],
    });
  });
});
