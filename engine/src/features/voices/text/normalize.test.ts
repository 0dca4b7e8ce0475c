import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from './mapped-text.ts';
import { normalizeMapped, normalizesLanguage, normalizeText } from './normalize.ts';

describe('English normalization', () => {
  it.each([
    ['Mr. Smith paid $3.50.', 'Mister Smith paid three dollars and fifty cents.'],
    [
      'It cost $1 or €20 or £1,200 or ¥500.',
      'It cost one dollar or twenty euros or one thousand two hundred pounds or five hundred yen.',
    ],
    ['USD 30 and 30 EUR', 'thirty dollars and thirty euros'],
    ['only $0.99', 'only ninety-nine cents'],
    ['a $5 million deal', 'a five million dollars deal'],
    ['It was 2024-03-05.', 'It was March fifth, twenty twenty-four.'],
    [
      'On 5 March 2024 and March 5, 2024.',
      'On the fifth of March, twenty twenty-four and March fifth, twenty twenty-four.',
    ],
    ['By 10:30 or 10:05 or 10:00.', "By ten thirty or ten oh five or ten o'clock."],
    ['At 3pm or 11:15 a.m. sharp', 'At three p m or eleven fifteen a m sharp'],
    ['In 1984, 45% agreed.', 'In nineteen eighty-four, forty-five percent agreed.'],
    ['the 21st and 2nd and 103rd', 'the twenty-first and second and one hundred and third'],
    ['From 1990–1995 it ran.', 'From nineteen ninety to nineteen ninety-five it ran.'],
    ['pages 5-10', 'pages five to ten'],
    ['Chapter IV', 'Chapter four'],
    ['IX.', 'nine'],
    ['Henry VIII and World War II', 'Henry the eighth and World War two'],
    [
      'She ran 5 km at -5 °C and 1 kg.',
      'She ran five kilometers at minus five degrees Celsius and one kilogram.',
    ],
    [
      'Dr. Who vs. St. Francis on Baker St. No. 5',
      'Doctor Who versus Saint Francis on Baker Street number five',
    ],
    ['apples, pears, etc.', 'apples, pears, et cetera.'],
    ['fruit, e.g. apples', 'fruit, for example apples'],
    [
      'Smith & Sons sold 1,234.5 units in the 1980s.',
      'Smith and Sons sold one thousand two hundred and thirty-four point five units in the nineteen eighties.',
    ],
    ['COVID-19 and pi is 3.14', 'COVID-nineteen and pi is three point one four'],
    ['the year ---5, I take it', 'the year ---five, I take it'],
    ['$1,234.567', 'one thousand two hundred and thirty-four point five six seven dollars'],
  ])('%s', (input, spoken) => expect(normalizeText(input, 'en-US')).toBe(spoken));
});

it('does not read the tail of a phone number as a range', () => {
  expect(normalizeText('call 555 596-1887', 'en')).not.toContain(' to ');
  expect(normalizeText('(801) 596-1887', 'de')).not.toContain(' bis ');
});

describe('German normalization', () => {
  it.each([
    [
      'Am 3. März 2024 kostete es 3,50 €.',
      'Am dritten März zweitausendvierundzwanzig kostete es drei Euro fünfzig.',
    ],
    [
      'Der 3. Platz bekam 1.200 Euro bzw. 45 %.',
      'Der dritte Platz bekam eintausendzweihundert Euro beziehungsweise fünfundvierzig Prozent.',
    ],
    [
      'Um 10:30 Uhr kam Hr. Müller, z. B. im Jahr 1984.',
      'Um zehn Uhr dreißig kam Herr Müller, zum Beispiel im Jahr neunzehnhundertvierundachtzig.',
    ],
    ['1984 Menschen und 1 Mann', 'eintausendneunhundertvierundachtzig Menschen und ein Mann'],
    ['Am 05.03.2024 um 9 Uhr.', 'Am fünften März zweitausendvierundzwanzig um neun Uhr.'],
    ['Kapitel XII', 'Kapitel zwölf'],
    ['II.', 'zwei'],
    ['Zahlen Sie $5,000.', 'Zahlen Sie fünftausend Dollar.'],
    ['2024-03-05', 'fünfter März zweitausendvierundzwanzig'],
  ])('%s', (input, spoken) => expect(normalizeText(input, 'de-DE')).toBe(spoken));
});

describe('French normalization', () => {
  it.each([
    [
      'Le 1er mars 2024, M. Dupont a payé 3,50 € à 10h30.',
      'Le premier mars deux-mille-vingt-quatre, Monsieur Dupont a payé trois euros cinquante à dix heures trente.',
    ],
    [
      'Au XIXe siècle, 1 200 personnes, 45 %.',
      'Au dix-neuvième siècle, mille-deux-cents personnes, quarante-cinq pour cent.',
    ],
    ['2 000 000 € et 1 €', "deux millions d'euros et un euro"],
    ['Chapitre IV', 'Chapitre quatre'],
    ['le 05/03/2024', 'le cinq mars deux-mille-vingt-quatre'],
  ])('%s', (input, spoken) => expect(normalizeText(input, 'fr')).toBe(spoken));
});

describe('Spanish normalization', () => {
  it.each([
    [
      'El 5 de marzo de 2024 el Sr. García pagó 3,50 € a las 10:30.',
      'El cinco de marzo de dos mil veinticuatro el señor García pagó tres euros con cincuenta a las diez y media.',
    ],
    [
      'El 1.º de mayo, 21 personas y 45 %.',
      'El primero de mayo, veintiún personas y cuarenta y cinco por ciento.',
    ],
    ['Costó $1.500.000 y 101 libros', 'Costó un millón quinientos mil dólares y ciento un libros'],
    ['3.000.000 €', 'tres millones de euros'],
    ['Capítulo IV', 'Capítulo cuatro'],
  ])('%s', (input, spoken) => expect(normalizeText(input, 'es-ES')).toBe(spoken));
});

describe('other languages', () => {
  it('pass through untouched (eSpeak NG reads digits natively)', () => {
    expect(normalizesLanguage('it')).toBe(false);
    expect(normalizeText('Il 3 giugno 1984 costava 3,50 €.', 'it')).toBe(
      'Il 3 giugno 1984 costava 3,50 €.',
    );
    expect(normalizeText('2024年3月5日', 'ja')).toBe('2024年3月5日');
  });
});

describe('offset mapping', () => {
  it('maps spoken words back onto what was written', () => {
    const original = 'Pay $3.50 on 2024-03-05.';
    const mapped = normalizeMapped(MappedText.fromSource(original), 'en');
    const at = mapped.text.indexOf('dollars');
    const span = mapped.toOriginalSpan(at, 'dollars'.length);
    expect(original.slice(span.offset, span.offset + span.length)).toBe('$3.50');
    const date = mapped.toOriginalSpan(mapped.text.indexOf('fifth'), 5);
    expect(original.slice(date.offset, date.offset + date.length)).toBe('2024-03-05');
    const pay = mapped.toOriginalSpan(0, 3);
    expect(original.slice(pay.offset, pay.offset + pay.length)).toBe('Pay');
  });

  it('keeps every offset inside the original, for any text (property)', () => {
    const token = fc.constantFrom(
      'Mr.',
      'Smith',
      '$3.50',
      '€20',
      '1984',
      '2024-03-05',
      '10:30',
      '3pm',
      '45%',
      '21st',
      '-5',
      '1,200',
      '5 km',
      'Chapter IV',
      '&',
      'etc.',
      ' ',
      ', ',
      '. ',
      'März',
      '3,5',
      '1.200',
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 25 }).map((t) => t.join('')),
        fc.constantFrom('en', 'de', 'fr', 'es', 'it'),
        (original, lang) => {
          const mapped = normalizeMapped(MappedText.fromSource(original), lang);
          for (let i = 0; i <= mapped.text.length; i += 1) {
            const span = mapped.toOriginalSpan(i, 4);
            expect(span.offset).toBeGreaterThanOrEqual(0);
            expect(span.offset + span.length).toBeLessThanOrEqual(original.length);
          }
          // Copied pieces really are the original text.
          for (const piece of mapped.pieces) {
            if (piece.kind === 'source')
              expect(original.slice(piece.start, piece.end)).toBe(piece.text);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
