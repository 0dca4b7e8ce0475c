import { describe, expect, it } from 'vitest';
import { cardinalDe, ordinalDe, yearDe } from './numbers-de.ts';
import { cardinalEn, ordinalEn, yearEn } from './numbers-en.ts';
import { cardinalEs, ordinalEs } from './numbers-es.ts';
import { cardinalFr, ordinalFr } from './numbers-fr.ts';

describe('English number words', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [21, 'twenty-one'],
    [100, 'one hundred'],
    [105, 'one hundred and five'],
    [1000, 'one thousand'],
    [1005, 'one thousand and five'],
    [1200, 'one thousand two hundred'],
    [2_000_012, 'two million and twelve'],
    [-42, 'minus forty-two'],
    [1_234_567, 'one million two hundred and thirty-four thousand five hundred and sixty-seven'],
  ])('cardinal %i', (n, words) => expect(cardinalEn(n)).toBe(words));

  it.each([
    [1, 'first'],
    [2, 'second'],
    [3, 'third'],
    [5, 'fifth'],
    [12, 'twelfth'],
    [20, 'twentieth'],
    [21, 'twenty-first'],
    [101, 'one hundred and first'],
  ])('ordinal %i', (n, words) => expect(ordinalEn(n)).toBe(words));

  it.each([
    [1984, 'nineteen eighty-four'],
    [1900, 'nineteen hundred'],
    [1905, 'nineteen oh five'],
    [2000, 'two thousand'],
    [2005, 'two thousand and five'],
    [2024, 'twenty twenty-four'],
    [1066, 'ten sixty-six'],
  ])('year %i', (n, words) => expect(yearEn(n)).toBe(words));

  it('reads huge numbers digit by digit', () => {
    expect(cardinalEn(1e16)).toMatch(/^one zero zero/);
  });
});

describe('German number words', () => {
  it.each([
    [1, 'eins'],
    [21, 'einundzwanzig'],
    [101, 'hunderteins'.replace('hundert', 'einhundert')],
    [1984, 'eintausendneunhundertvierundachtzig'],
    [1_000_000, 'eine Million'],
    [2_500_000, 'zwei Millionen fünfhunderttausend'],
  ])('cardinal %i', (n, words) => expect(cardinalDe(n)).toBe(words));

  it.each([
    [1, 'erste'],
    [3, 'dritte'],
    [7, 'siebte'],
    [5, 'fünfte'],
    [19, 'neunzehnte'],
    [20, 'zwanzigste'],
    [101, 'einhunderterste'],
  ])('ordinal %i', (n, words) => expect(ordinalDe(n)).toBe(words));

  it('reads years before 2000 in hundreds', () => {
    expect(yearDe(1984)).toBe('neunzehnhundertvierundachtzig');
    expect(yearDe(2024)).toBe('zweitausendvierundzwanzig');
  });
});

describe('French number words', () => {
  it.each([
    [21, 'vingt-et-un'],
    [71, 'soixante-et-onze'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [91, 'quatre-vingt-onze'],
    [200, 'deux-cents'],
    [1984, 'mille-neuf-cent-quatre-vingt-quatre'],
    [2_000_000, 'deux millions'],
  ])('cardinal %i', (n, words) => expect(cardinalFr(n)).toBe(words));

  it.each([
    [1, 'premier'],
    [2, 'deuxième'],
    [3, 'troisième'],
    [5, 'cinquième'],
    [9, 'neuvième'],
    [19, 'dix-neuvième'],
    [80, 'quatre-vingtième'],
  ])('ordinal %i', (n, words) => expect(ordinalFr(n)).toBe(words));
});

describe('Spanish number words', () => {
  it.each([
    [1, 'uno'],
    [16, 'dieciséis'],
    [21, 'veintiuno'],
    [35, 'treinta y cinco'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [500, 'quinientos'],
    [1984, 'mil novecientos ochenta y cuatro'],
    [21_000, 'veintiún mil'],
    [1_000_000, 'un millón'],
    [3_000_000, 'tres millones'],
  ])('cardinal %i', (n, words) => expect(cardinalEs(n)).toBe(words));

  it('has word ordinals to ten', () => {
    expect(ordinalEs(1)).toBe('primero');
    expect(ordinalEs(10)).toBe('décimo');
    expect(ordinalEs(11)).toBe('once');
  });
});
