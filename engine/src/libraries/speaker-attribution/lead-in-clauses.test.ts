import { describe, expect, it } from 'vitest';
import { readCast, type ContextParagraph } from './context-pass.ts';

function speakers(texts: string[], language = 'en'): string[] {
  const paragraphs: ContextParagraph[] = texts.map((text, i) => ({
    id: `p${i}`,
    text,
    character_name: null,
    locked: false,
    speaker_cleared: false,
  }));
  return readCast(paragraphs, { language }).paragraphs.map((p) =>
    p.lines.map((l) => (l.kind === 'narration' ? '-' : (l.speaker ?? '?'))).join(' '),
  );
}

describe('reporting verb whose subject opens the sentence', () => {
  it('gives a colon line to the name that opens a coordinated sentence (French)', () => {
    expect(
      speakers(['Lucienne posa son panier, hésita et répondit :', '— Je reviendrai demain.'], 'fr'),
    ).toEqual(['-', 'Lucienne']);
  });

  it('reads through an apposition and a short adverbial tail (French)', () => {
    expect(
      speakers(['Gaspard, qui riait encore, ajouta tout à coup :', '— Et le chat aussi !'], 'fr'),
    ).toEqual(['-', 'Gaspard']);
  });

  it('reads `the Cat remarked` after a quote: an article is no unread verb', () => {
    expect(
      speakers([
        'Alice sat down.',
        '“I’d rather not,” the Cat remarked.',
        '“Go, then,” the White Rabbit replied.',
      ]),
    ).toEqual(['-', 'The Cat -', 'The White Rabbit -']);
  });

  it('reads past the listener of `and said to the Knave` and an object pronoun before it', () => {
    expect(
      speakers([
        '“Off with his head!” said the Queen.',
        'The Queen turned angrily away from him, and said to the Knave “Turn them over!”',
      ]),
    ).toEqual(['The Queen -', '- The Queen']);
  });

  it('reads a name behind an epithet: `said old Cotter`, `little Amy added`', () => {
    expect(
      speakers(['“No, not for me,” said old Cotter.', '“Nor for me,” little Amy added.']),
    ).toEqual(['Cotter -', 'Amy -']);
  });

  it('never takes a possessive opening the sentence for a name (`My uncle … said to me:`)', () => {
    expect(
      speakers(['My uncle saw me staring and said to me: “So your old friend is gone.”']),
    ).toEqual(['- ?']);
  });

  it('reads `said in an altered tone` as a manner, not as an inverted subject', () => {
    expect(
      speakers(['Nobody spoke for a minute; then Meg said in an altered tone, “You know why.”']),
    ).toEqual(['- Meg']);
  });

  it('gives the quote after `and said` in the same paragraph to the sentence subject', () => {
    expect(speakers(['Tobias turned and said, “We leave at dawn.”'])).toEqual(['- Tobias']);
  });

  it('leaves the line in doubt when another name or a pronoun could be the subject', () => {
    expect(
      speakers(
        ['Lucienne posa son panier, et Gaspard répondit :', '— Je reviendrai demain.'],
        'fr',
      ),
    ).toEqual(['-', 'Gaspard']);
    expect(speakers(['Tobias turned and she said, “We leave at dawn.”'])).toEqual(['- ?']);
  });
});

describe('a narration paragraph ending in a comma hands over to the next quote', () => {
  it('gives the quote paragraph after `X … said,` to X, as after a colon', () => {
    expect(
      speakers([
        '“Come in,” said Tobias.',
        'Marigold looked up and said,',
        '“The bridge is gone.”',
      ]),
    ).toEqual(['Tobias -', '-', 'Marigold']);
  });
});

describe('French reporting verbs in the imperfect and less common ones', () => {
  it('reads `recommandait :` and `, ajoutait Gaspard.` as reporting clauses', () => {
    expect(
      speakers(
        [
          'Tante Berthe recommandait :',
          '— Rentrez avant la nuit !',
          '« Et fermez la grille », ajoutait Gaspard.',
        ],
        'fr',
      ),
    ).toEqual(['-', 'Tante Berthe', 'Gaspard -']);
  });
});

describe('a participle leading into a quote (`rose to her feet, exclaiming:`)', () => {
  it('gives the quote to the named subject of the sentence', () => {
    expect(
      speakers([
        '“We shall change rooms,” said Miss Bartlett.',
        'Lucy, who had not yet acquired decency, at once rose to her feet, exclaiming: “Oh, it’s Mr. Beebe!”',
      ]),
    ).toEqual(['Miss Bartlett -', '- Lucy']);
  });

  it('reads a he/she opening the sentence as its subject', () => {
    expect(
      speakers([
        'Mr. Emerson sat at the table with Lucy.',
        'And he thumped with his fists, and turned to her, saying, “Persuade them!”',
      ]),
    ).toEqual(['-', '- Mr. Emerson']);
  });

  it('reads nobody when another person comes between the subject and the participle', () => {
    expect(
      speakers([
        'Mr. Emerson sat at the table with his son.',
        'And he turned to George, who rose, saying, “Persuade them!”',
      ]),
    ).toEqual(['-', '- ?']);
  });
});
