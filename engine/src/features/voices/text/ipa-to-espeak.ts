/**
 * IPA → eSpeak NG phoneme mnemonics, so IPA pronunciation entries work on the embedded engine
 * too: eSpeak reads `[[h3:m'aI@ni]]` in its input as phonemes, in its own ASCII alphabet (close
 * to Kirshenbaum), not IPA. The table covers English IPA and the common symbols of the major
 * European languages; the voice's language decides how each mnemonic sounds. An IPA string with
 * a symbol outside the table is not converted (null): the word is then read as written and the
 * plan reports it, rather than being mispronounced silently.
 */

/** IPA sequence → eSpeak mnemonic; longer sequences are tried first. */
const TABLE: Record<string, string> = {
  // Diphthongs and affricates first (matched before their parts).
  eɪ: 'eI',
  aɪ: 'aI',
  aʊ: 'aU',
  ɔɪ: 'OI',
  oʊ: 'oU',
  əʊ: '@U',
  ɪə: 'i@',
  eə: 'e@',
  ʊə: 'U@',
  ɛə: 'e@',
  tʃ: 'tS',
  dʒ: 'dZ',
  t͡ʃ: 'tS',
  d͡ʒ: 'dZ',
  ts: 'ts',
  t͡s: 'ts',
  pf: 'pf',
  // Vowels.
  ɑ: 'A',
  æ: 'a',
  ʌ: 'V',
  ɒ: '0',
  ɔ: 'O',
  ə: '@',
  ɚ: '3',
  ɝ: '3:',
  ɜ: '3',
  ɛ: 'E',
  e: 'e',
  ɪ: 'I',
  i: 'i',
  ʊ: 'U',
  u: 'u',
  a: 'a',
  ɐ: 'a#',
  o: 'o',
  y: 'y',
  ø: 'Y',
  œ: 'W',
  ɨ: 'i"',
  ʉ: 'u"',
  ɯ: 'u-',
  ɵ: '8',
  ɤ: 'o-',
  ʏ: 'Y',
  ɘ: '@',
  // Consonants.
  p: 'p',
  b: 'b',
  t: 't',
  d: 'd',
  k: 'k',
  g: 'g',
  ɡ: 'g',
  f: 'f',
  v: 'v',
  s: 's',
  z: 'z',
  h: 'h',
  m: 'm',
  n: 'n',
  l: 'l',
  r: 'r',
  w: 'w',
  j: 'j',
  θ: 'T',
  ð: 'D',
  ʃ: 'S',
  ʒ: 'Z',
  ŋ: 'N',
  ɹ: 'r',
  ɾ: '*',
  ʔ: '?',
  x: 'x',
  ç: 'C',
  ɫ: 'l',
  ʍ: 'w',
  ɲ: 'n^',
  ʎ: 'l^',
  ʁ: 'R',
  ʀ: 'R',
  χ: 'X',
  ɣ: 'Q',
  β: 'B',
  ɱ: 'M',
  ɥ: 'j<rnd>',
  ʝ: 'J',
  c: 'c',
  ɟ: 'J',
  q: 'q',
  ɬ: 'l#',
  ɕ: 'S;',
  ʑ: 'Z;',
  ɦ: 'h',
  // Stress, length, syllables and ties.
  ˈ: "'",
  ˌ: ',',
  ː: ':',
  ˑ: '',
  '.': '',
  '‿': '',
  '͡': '',
  '̃': '~',
  '̩': '',
  '̯': '',
  ' ': ' ',
};

const KEYS = Object.keys(TABLE).sort((a, b) => b.length - a.length);

/** eSpeak mnemonics for `ipa`, or null when it holds a symbol the table does not know. */
export function ipaToEspeak(ipa: string): string | null {
  const text = ipa.normalize('NFC');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const key = KEYS.find((k) => text.startsWith(k, i));
    if (key === undefined) return null;
    out += TABLE[key];
    i += key.length;
  }
  return out === '' ? null : out;
}

/** The eSpeak input that speaks `ipa`: `[[mnemonics]]`, or null when it cannot be converted. */
export function espeakPhonemeMarkup(ipa: string): string | null {
  const mnemonics = ipaToEspeak(ipa);
  return mnemonics === null ? null : `[[${mnemonics}]]`;
}
