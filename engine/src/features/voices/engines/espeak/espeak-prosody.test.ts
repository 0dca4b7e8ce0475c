// eSpeak NG's pitch and energy controls (TtsRequest.pitch/energy) in the real WASM engine, and
// that one request's settings never leak into the next (the instance is shared per worker).
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { EspeakEngine, espeakProsody } from './espeak-engine.ts';

const pool = new WorkerPool(1);
afterAll(() => pool.close());
const engine = new EspeakEngine(pool);
const text = 'The quick brown fox jumps over the lazy dog.';

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

/** Median F0 (Hz) of the loudest 40 ms frames, by autocorrelation over 70–500 Hz. */
function medianF0(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(0.04 * sampleRate);
  const frames: { at: number; energy: number }[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    frames.push({ at, energy: rms(samples.subarray(at, at + frame)) });
  }
  frames.sort((a, b) => b.energy - a.energy);
  const estimates = frames.slice(0, 15).map(({ at }) => {
    const x = samples.subarray(at, at + frame);
    let best = 0;
    let bestLag = 1;
    for (let lag = Math.floor(sampleRate / 500); lag <= Math.ceil(sampleRate / 70); lag++) {
      let sum = 0;
      for (let i = 0; i + lag < x.length; i++) sum += (x[i] ?? 0) * (x[i + lag] ?? 0);
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    return sampleRate / bestLag;
  });
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)] ?? 0;
}

describe('eSpeak NG pitch and energy', () => {
  it('maps multipliers to eSpeak pitch, range and volume within their limits', () => {
    expect(espeakProsody()).toEqual({ pitch: 50, range: 50, volume: 100 });
    expect(espeakProsody(1.5, 0.5)).toEqual({ pitch: 75, range: 25, volume: 50 });
    expect(espeakProsody(3, 3)).toEqual({ pitch: 99, range: 99, volume: 200 });
  });

  it('raises the voice with pitch, makes it louder with energy, then resets', async () => {
    const normal = await engine.synthesize({ text, voice: 'gmw/en-US', speed: 1 });
    const high = await engine.synthesize({ text, voice: 'gmw/en-US', speed: 1, pitch: 1.8 });
    const loud = await engine.synthesize({ text, voice: 'gmw/en-US', speed: 1, energy: 1.8 });
    const again = await engine.synthesize({ text, voice: 'gmw/en-US', speed: 1 });
    expect(medianF0(high.samples, high.sampleRate)).toBeGreaterThan(
      medianF0(normal.samples, normal.sampleRate) * 1.15,
    );
    expect(rms(loud.samples)).toBeGreaterThan(rms(normal.samples) * 1.3);
    // eSpeak is not sample-exact between runs; the voice must be back to normal, though.
    const f0 = medianF0(normal.samples, normal.sampleRate);
    expect(Math.abs(medianF0(again.samples, again.sampleRate) - f0)).toBeLessThan(f0 * 0.08);
    expect(Math.abs(rms(again.samples) - rms(normal.samples))).toBeLessThan(
      rms(normal.samples) * 0.1,
    );
  });

  it('rejects IPA input', async () => {
    await expect(
      engine.synthesize({ text: 'həlˈoʊ', voice: 'gmw/en-US', speed: 1, input: 'ipa' }),
    ).rejects.toMatchObject({ code: 'validation_error' });
  });
});
