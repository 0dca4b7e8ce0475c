// The character presets on the real eSpeak NG engine: each sounds as its traits predict, and the
// voices the picker chooses for one language differ measurably in pitch or pace on their audio.
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../jobs/worker-pool.ts';
import { measureVoice, type VoiceMeasure } from '../analysis/pitch-track.ts';
import { EspeakEngine } from '../engines/espeak/espeak-engine.ts';
import { VoiceSynthesizer } from '../engines/voice-synth.ts';
import { pickDistinctVoices, voiceTraits } from './distinct-voices.ts';
import { LocalVoiceCatalog } from './local-catalog.ts';

const pool = new WorkerPool(1);
afterAll(() => pool.close());
const synth = new VoiceSynthesizer({ espeak: new EspeakEngine(pool) });
const catalog = new LocalVoiceCatalog();
const TEXT =
  'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and nobody minds.';
/** Length of TEXT in the plain en-us voice at speed 1 (espeak-variants.ts). */
const PLAIN_SECONDS = 7.71;

describe('character voices on the real engine', () => {
  it('sound as predicted, and the picks for a book differ pairwise in pitch or pace', async () => {
    const picks = pickDistinctVoices(catalog.list(), 'en-US', {
      count: 8,
      exclude: [1_393_691_808],
    });
    const measured: VoiceMeasure[] = [];
    for (const voice of picks) {
      const out = await synth.synthesize(voice, { text: TEXT, speed: 1 });
      const m = measureVoice(out.samples, out.sampleRate);
      const traits = voiceTraits(voice);
      expect(m.f0, voice.name).toBeGreaterThan(traits.f0 * 0.88);
      expect(m.f0, voice.name).toBeLessThan(traits.f0 * 1.12);
      expect(PLAIN_SECONDS / m.seconds, voice.name).toBeGreaterThan(traits.pace * 0.93);
      expect(PLAIN_SECONDS / m.seconds, voice.name).toBeLessThan(traits.pace * 1.07);
      if (voice.gender === 'female') expect(m.f0, voice.name).toBeGreaterThan(155);
      if (voice.gender === 'male') expect(m.f0, voice.name).toBeLessThan(150);
      measured.push(m);
    }
    for (let i = 0; i < measured.length; i++)
      for (let j = i + 1; j < measured.length; j++) {
        const [a, b] = [measured[i], measured[j]];
        if (!a || !b) continue;
        const pitch = Math.abs(Math.log(a.f0 / b.f0));
        const pace = Math.abs(Math.log(a.seconds / b.seconds));
        expect(
          Math.max(pitch, pace),
          `${picks[i]?.name} vs ${picks[j]?.name}: ${a.f0.toFixed(0)}/${b.f0.toFixed(0)} Hz, ${a.seconds.toFixed(2)}/${b.seconds.toFixed(2)} s`,
        ).toBeGreaterThan(Math.log(1.05));
      }
  });
});
