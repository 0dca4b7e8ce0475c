// How the studio names a voice's kind (renderer/src/features/voices/voice-labels.ts): the
// embedded eSpeak NG voices are labelled as synthetic, never passed off as neural.
import { describe, expect, it } from 'vitest';
import {
  ENGINE_FILTERS,
  engineName,
  tierLabel,
  voiceOptionLabel,
} from '../../renderer/src/features/voices/voice-labels.ts';

describe('voice labels', () => {
  it('labels embedded voices as built-in and synthetic, neural ones as neural', () => {
    expect(tierLabel('embedded').label).toBe('Built-in, synthetic');
    expect(tierLabel('embedded').detail).toMatch(/synthetic/);
    expect(tierLabel('neural').label).toBe('Neural');
    expect(tierLabel('custom').label).toBe('Custom');
  });

  it('names engines and offers one filter per engine, tier stated', () => {
    expect(engineName('espeak')).toBe('eSpeak NG');
    expect(engineName('future-tts')).toBe('future-tts');
    expect(ENGINE_FILTERS.map((f) => f.value)).toEqual(['', 'espeak', 'piper', 'kokoro']);
    expect(ENGINE_FILTERS.find((f) => f.value === 'espeak')?.label).toMatch(/synthetic/);
  });

  it('writes one picker line with the tier and a known gender', () => {
    expect(
      voiceOptionLabel({ name: 'English (America)', tier: 'embedded', gender: 'unknown' }),
    ).toBe('English (America) · built-in, synthetic');
    expect(voiceOptionLabel({ name: 'Lessac', tier: 'neural', gender: 'female' })).toBe(
      'Lessac · neural · female',
    );
  });
});
