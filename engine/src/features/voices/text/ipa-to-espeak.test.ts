import { describe, expect, it } from 'vitest';
import { espeakPhonemeMarkup, ipaToEspeak } from './ipa-to-espeak.ts';

describe('IPA → eSpeak mnemonics', () => {
  it.each([
    // eSpeak applies a stress mark to the next vowel, so IPA's placement works as it is.
    ['hɜːˈmaɪəni', "h3:'maI@ni"],
    ['ˈθɪŋkɪŋ', "'TINkIN"],
    ['dʒʌdʒ', 'dZVdZ'],
    ['ˌʌndərˈstænd', ",Vnd@r'stand"],
    ['ʃəˈtoʊ', "S@'toU"],
    ['ˈbɒðə', "'b0D@"],
  ])('%s', (ipa, mnemonics) => expect(ipaToEspeak(ipa)).toBe(mnemonics));

  it('refuses symbols it does not know instead of guessing', () => {
    expect(ipaToEspeak('ǁʰosa')).toBeNull();
    expect(ipaToEspeak('')).toBeNull();
  });

  it('wraps the result as eSpeak phoneme input', () => {
    expect(espeakPhonemeMarkup('ˈtɒməˌtoʊ')).toBe("[['t0m@,toU]]");
  });
});
