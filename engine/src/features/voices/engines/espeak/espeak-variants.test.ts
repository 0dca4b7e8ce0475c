// The variant table against the installed eSpeak NG package, and its measurements against the
// real engine: the catalog's character presets predict pitch and pace from them.
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { measureVoice } from '../../analysis/pitch-track.ts';
import { EspeakEngine } from './espeak-engine.ts';
import { CHARACTER_VARIANTS, ESPEAK_VARIANT_FILES, PLAIN_VOICE } from './espeak-variants.ts';

const pool = new WorkerPool(1);
afterAll(() => pool.close());
const engine = new EspeakEngine(pool);
const TEXT =
  'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and nobody minds.';

describe('eSpeak NG variants', () => {
  it('lists exactly the variant files the installed package ships', async () => {
    const mod = await import('@echogarden/espeak-ng-emscripten');
    const module = (await mod.default()) as unknown as {
      FS: { readdir(dir: string): string[] };
    };
    const files = module.FS.readdir('/usr/share/espeak-ng-data/voices/!v').filter(
      (f) => !f.startsWith('.'),
    );
    expect([...files].sort()).toEqual([...ESPEAK_VARIANT_FILES].sort());
    for (const name of Object.keys(CHARACTER_VARIANTS))
      expect(ESPEAK_VARIANT_FILES).toContain(name);
  });

  it('measures as the table says: median F0 within 10 %, pace within 5 %', async () => {
    const plain = await engine.synthesize({ text: TEXT, voice: 'gmw/en-US', speed: 1 });
    const plainSeconds = plain.samples.length / plain.sampleRate;
    expect(measureVoice(plain.samples, plain.sampleRate).f0).toBeGreaterThan(PLAIN_VOICE.f0 * 0.9);
    for (const name of ['m1', 'm4', 'f3', 'Andrea', 'david', 'zac']) {
      const entry = CHARACTER_VARIANTS[name];
      if (!entry) throw new Error(`no table entry for ${name}`);
      const out = await engine.synthesize({ text: TEXT, voice: `gmw/en-US+${name}`, speed: 1 });
      const measured = measureVoice(out.samples, out.sampleRate);
      expect(measured.f0, name).toBeGreaterThan(entry.f0 * 0.9);
      expect(measured.f0, name).toBeLessThan(entry.f0 * 1.1);
      const pace = plainSeconds / measured.seconds;
      expect(Math.abs(pace - entry.pace), name).toBeLessThan(0.05);
    }
  });
});
