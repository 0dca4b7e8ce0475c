// eSpeak NG IPA phonemization as Piper voices expect it (real WASM eSpeak NG).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../errors.ts';
import { espeakRuntime } from '../espeak/espeak-wasm.ts';
import { synthesizeOn } from '../espeak/espeak-task.ts';
import { clauseIpa, cleanEspeakIpa, phonemizeSentences } from './espeak-phonemizer.ts';

const VARIED =
  'Dr. Smith paid $3.50 for 12 eggs on 4 May 1999; "Really?" she asked. ' +
  'The wind, the rain and the sea: all of it roared!\n\nChapter II\n\nIt was 10:30 p.m. (or so).';

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

describe('espeak phonemizer cache and voice state', () => {
  it('gives the same phonemes from its clause cache as from eSpeak, in every voice', async () => {
    for (const voice of ['en-us', 'en-gb', 'de']) {
      const fresh = await phonemizeSentences(VARIED, voice, { cache: false });
      const filled = await phonemizeSentences(VARIED, voice);
      const cached = await phonemizeSentences(VARIED, voice);
      expect(fresh.length).toBeGreaterThan(3);
      expect(filled).toEqual(fresh);
      expect(cached).toEqual(fresh);
    }
  });

  it('phonemizes the same after another voice and an eSpeak synthesis used the instance', async () => {
    const before = await phonemizeSentences(VARIED, 'en-us', { cache: false });
    await phonemizeSentences('Guten Tag, wie geht es?', 'de', { cache: false });
    expect(await phonemizeSentences(VARIED, 'en-us', { cache: false })).toEqual(before);
    // Synthesis sets its own voice behind the phonemizer's back (the voice it last set is en-us).
    const { worker } = await espeakRuntime();
    synthesizeOn(worker, { text: 'Bonjour tout le monde.', voice: 'roa/fr', rate: 175 });
    expect(await phonemizeSentences(VARIED, 'en-us', { cache: false })).toEqual(before);
  });

  it('frees the string eSpeak returns: the next clause reuses its memory', async () => {
    const { module, worker } = await espeakRuntime();
    await clauseIpa('a clause of some length to phonemize');
    const probe = worker.text_to_phonemes('a clause of some length to phonemize', 1);
    const address = module.getPointer(probe);
    module._free(address);
    await clauseIpa('a clause of some length to phonemize');
    const again = worker.text_to_phonemes('a clause of some length to phonemize', 1);
    // Had clauseIpa kept its result, the allocator could not hand this address out again.
    expect(module.getPointer(again)).toBe(address);
    module._free(module.getPointer(again));
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
