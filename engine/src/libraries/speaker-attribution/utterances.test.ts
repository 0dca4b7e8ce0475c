import { describe, expect, it } from 'vitest';
import { lexiconFor } from './lexicon.ts';
import { readParagraph } from './utterances.ts';

const pieces = (text: string, language = 'en') => {
  const r = readParagraph(text, lexiconFor(language));
  return r.pieces.map((p) => `${p.kind[0]}:${text.slice(p.start, p.end).trim()}`);
};
const clues = (text: string, language = 'en') => readParagraph(text, lexiconFor(language)).quotes;

describe('readParagraph: pieces (the lines of a split)', () => {
  it('cuts a mixed English paragraph at its quote marks, tags and narration after', () => {
    // Pride and Prejudice, chapter 2.
    expect(
      pieces(
        '“Now, Kitty, you may cough as much as you choose,” said Mr. Bennet; and, as he spoke, he left the room, fatigued with the raptures of his wife.',
      ),
    ).toEqual([
      's:“Now, Kitty, you may cough as much as you choose,”',
      'n:said Mr. Bennet; and, as he spoke, he left the room, fatigued with the raptures of his wife.',
    ]);
  });

  it('covers the paragraph: pieces joined give back every character', () => {
    const text = '  “My dear Mr. Bennet,” said his lady to him one day, “have you heard?”';
    const r = readParagraph(text, lexiconFor('en'));
    expect(r.pieces[0]?.start).toBe(0);
    r.pieces.forEach((p, k) => expect(p.start).toBe(k === 0 ? 0 : r.pieces[k - 1]?.end));
    expect(r.pieces[r.pieces.length - 1]?.end).toBe(text.length);
  });

  it('makes a French incise after an exclamation a narration piece', () => {
    // Bouvard et Pécuchet, chapter 1.
    expect(pieces('— Mon oncle ! dit Bouvard.', 'fr-FR')).toEqual([
      's:— Mon oncle !',
      'n:dit Bouvard.',
    ]);
    expect(
      pieces('— Moi, je suis veuf depuis longtemps, dit Bouvard, et sans enfants !', 'fr-FR'),
    ).toEqual(['s:— Moi, je suis veuf depuis longtemps,', 'n:dit Bouvard,', 's:et sans enfants !']);
  });

  it('reads the Italian plain-text "- " dialogue dash, and a colon before it', () => {
    // I promessi sposi, chapter 1.
    expect(pieces('- Cosa comanda? - rispose subito don Abbondio.', 'it-IT')).toEqual([
      's:- Cosa comanda? -',
      'n:rispose subito don Abbondio.',
    ]);
    expect(pieces('Renzo disse: - Signor curato, son venuto.', 'it-IT')).toEqual([
      'n:Renzo disse:',
      's:- Signor curato, son venuto.',
    ]);
    expect(pieces('Era un pomeriggio di novembre - scuro e freddo.', 'it-IT')).toEqual([
      'n:Era un pomeriggio di novembre - scuro e freddo.',
    ]);
  });

  it('reads a Russian and a Spanish dash with its incise', () => {
    expect(pieces('— Да, — сказал он. — Пойдём.', 'ru')).toEqual([
      's:— Да, —',
      'n:сказал он.',
      's:— Пойдём.',
    ]);
    expect(clues('— Sí —dijo Juan—. Vamos.', 'es')[0]?.after).toEqual({
      kind: 'name',
      name: 'Juan',
    });
  });

  it('keeps two quotes with only spaces between as two voices', () => {
    const r = readParagraph(
      '“Well then; after dinner --” “You’ll all meet me here?”',
      lexiconFor('en'),
    );
    expect(r.quotes.map((q) => q.voice)).toEqual([0, 1]);
    expect(
      readParagraph('“Yes,” said she, “indeed.”', lexiconFor('en')).quotes.map((q) => q.voice),
    ).toEqual([0, 0]);
  });

  it('reads British single quotes holding a double-quoted word', () => {
    // Alice's Adventures in Wonderland, chapter 1.
    expect(
      pieces(
        '‘No, I’ll look first,’ she said, ‘and see whether it’s marked “poison” or not’; for she had read several nice little histories.',
      ),
    ).toEqual([
      's:‘No, I’ll look first,’',
      'n:she said,',
      's:‘and see whether it’s marked “poison” or not’',
      'n:; for she had read several nice little histories.',
    ]);
  });
});

describe('readParagraph: clues', () => {
  it('reads names, pronouns and descriptors as the reporting clause’s subject', () => {
    expect(clues('“Bingley,” said Jane.')[0]?.after).toEqual({ kind: 'name', name: 'Jane' });
    expect(clues('“But it is,” returned she.')[0]?.after).toEqual({
      kind: 'pronoun',
      word: 'she',
      firstPerson: false,
    });
    expect(clues('“Do not you want to know?” cried his wife impatiently.')[0]?.after).toEqual({
      kind: 'descriptor',
      phrase: 'his wife',
    });
    expect(clues('“My dear,” said his lady to him one day.')[0]?.after).toEqual({
      kind: 'descriptor',
      phrase: 'his lady',
    });
    expect(clues('— Tiens, dit-il.', 'fr-FR')[0]?.after).toEqual({
      kind: 'pronoun',
      word: 'il',
      firstPerson: false,
    });
  });

  it('counts the person a clause speaks to as addressed, not as the speaker', () => {
    // Charlotte Temple, chapter 6.
    expect(clues('“This is a strange place,” said he to Temple.')[0]?.vocatives).toEqual([
      'Temple',
    ]);
    expect(clues('“Mr. Bennet, how can you abuse your own children?”')[0]?.vocatives).toEqual([
      'Mr. Bennet',
    ]);
  });

  it('gives English dialogue a direction from its reporting verb and manner adverb', () => {
    expect(clues('“Hush,” whispered Jane.')[0]?.direction).toBe('whispered');
    expect(clues('“Do not you want to know?” cried his wife impatiently.')[0]?.direction).toBe(
      'cried impatiently',
    );
    expect(clues('“Yes,” said Jane.')[0]?.direction).toBe('');
    expect(clues('— Oui, murmura Jeanne.', 'fr-FR')[0]?.direction).toBe('');
  });

  it('marks a quote inside parentheses as an aside', () => {
    const q = clues(
      'Last came a little feeble, squeaking voice, (“That’s Bill,” thought Alice,) “Well, I hardly know.”',
    );
    expect(q.map((x) => x.aside)).toEqual([true, false]);
  });
});

describe('readParagraph: Spanish incise', () => {
  it('ends the incise at the dash glued to its last word', () => {
    expect(pieces('— Sí —dijo Juan—. Vamos ya.', 'es')).toEqual([
      's:— Sí —',
      'n:dijo Juan',
      's:—. Vamos ya.',
    ]);
  });
});
