// eSpeak NG IPA phonemization as Piper voices expect it (real WASM eSpeak NG).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../errors.ts';
import { cleanEspeakIpa, phonemizeSentences } from './espeak-phonemizer.ts';

describe('espeak phonemizer', () => {
  it('cleans separators, clause bars and language flags and decomposes (NFD)', () => {
    expect(cleanEspeakIpa('h_ə_l_ˈoʊ w_ˈɜː_l_d | (fr)ç_a')).toBe(
      'həlˈoʊ wˈɜːld ç'.normalize('NFD') + 'a',
    );
    expect(Array.from(cleanEspeakIpa('ç'))).toEqual(['c', '\u0327']);
  });

  it('phonemizes per sentence with Piper punctuation phonemes', async () => {
    const text = 'Hello world, this is a test. How are you?';
    const sentences = await phonemizeSentences(text, 'en-us');
    expect(sentences).toHaveLength(2);
    expect(sentences[0]?.phonemes.join('')).toBe('həlˈoʊ wˈɜːld, ðɪs ɪz ɐ tˈɛst.');
    expect(sentences[1]?.phonemes.join('')).toBe('hˈaʊ ɑːɹ juː?');
    expect(sentences[1]?.textOffset).toBe(29);
    // one code point per entry
    expect(sentences[0]?.phonemes.every((p) => Array.from(p).length === 1)).toBe(true);
  });

  it('uses the language of the voice', async () => {
    const [german] = await phonemizeSentences('Guten Tag.', 'de');
    expect(german?.phonemes.join('')).toBe('ɡˈuːtən tˈɑːk.'.normalize('NFD'));
  });

  it('rejects an unknown eSpeak voice', async () => {
    await expect(phonemizeSentences('Hi.', 'xx-nonexistent')).rejects.toBeInstanceOf(AppError);
  });
});

describe('eSpeak voice selection', () => {
  it('finds voices by language name and falls back to the bare language', async () => {
    const [british] = await phonemizeSentences('Tomato.', 'en-gb');
    const [american] = await phonemizeSentences('Tomato.', 'en-us');
    expect(british?.phonemes.join('')).not.toBe(american?.phonemes.join(''));
    const [french] = await phonemizeSentences('Bonjour.', 'fr-fr');
    expect(french?.phonemes.join('')).toBe('bɔ̃ʒˈuʁ.'.normalize('NFD'));
    const [canadian] = await phonemizeSentences('Bonjour.', 'fr-xx');
    expect(canadian?.phonemes.join('')).toBe(french?.phonemes.join(''));
  });
});
