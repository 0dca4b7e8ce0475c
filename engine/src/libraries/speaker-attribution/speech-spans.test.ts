import { describe, expect, it } from 'vitest';
import { countWords, layoutSpeech } from './speech-spans.ts';

const parts = (text: string) =>
  layoutSpeech(text).segments.map((s) => `${s.kind[0]}:${text.slice(s.start, s.end)}`);

describe('layoutSpeech', () => {
  it('splits curly quotes into speech and narration', () => {
    expect(parts('“Yes,” said she, “indeed.”')).toEqual(['s:Yes,', 'n: said she, ', 's:indeed.']);
  });

  it('keeps apostrophes inside single-quoted speech', () => {
    expect(parts('‘I don’t know the girls’ names,’ said Alice.')).toEqual([
      's:I don’t know the girls’ names,',
      'n: said Alice.',
    ]);
    expect(parts("'Tis nothing,' said he.")).toEqual(['s:Tis nothing,', 'n: said he.']);
  });

  it('ignores single quotes when the paragraph has double quotes', () => {
    expect(parts('“He said ‘no’ to me,” said Jane.')).toEqual([
      's:He said ‘no’ to me,',
      'n: said Jane.',
    ]);
  });

  it('reads German low-high quotes and reversed guillemets', () => {
    expect(parts('„Ja“, sagte er.')).toEqual(['s:Ja', 'n:, sagte er.']);
    expect(parts('»Ja«, sagte er.')).toEqual(['s:Ja', 'n:, sagte er.']);
    expect(parts('«Sì», disse.')).toEqual(['s:Sì', 'n:, disse.']);
  });

  it('reads dialogue dashes, toggling on incises, and hands over to quote marks', () => {
    expect(parts('— Vieni, — disse lui, — presto.')).toEqual([
      's: Vieni, ',
      'n: disse lui, ',
      's: presto.',
    ]);
    expect(parts('— « Oui », dit-il.')).toEqual(['s: Oui ', 'n:, dit-il.']);
    expect(layoutSpeech('— Un arc-en-ciel !').segments).toHaveLength(1);
  });

  it('reports a quote left open and a paragraph continuing one', () => {
    const open = layoutSpeech('“And more than that, I will tell you');
    expect(open.endsOpen).toBe(true);
    expect(open.startsWithSpeech).toBe(true);
    expect(parts('that happened there.” She stopped.')).toEqual([
      's:that happened there.',
      'n: She stopped.',
    ]);
  });

  it('finds no speech in plain narration', () => {
    const layout = layoutSpeech('It was a fine day, and the girls’ garden was in bloom.');
    expect(layout.segments.map((s) => s.kind)).toEqual(['narration']);
    expect(layout.startsWithSpeech).toBe(false);
  });
});

describe('countWords', () => {
  it('counts contractions and accented words once', () => {
    expect(countWords("I don't know, c'è l’abbé — oui!")).toBe(6);
  });
});
