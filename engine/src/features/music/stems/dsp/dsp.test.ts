/** The DSP tier's numeric core: STFT round trip, HPSS behaviour, masks summing to the mix, block streaming. */
import { describe, expect, it } from 'vitest';
import { BlockStream } from './block-stream.ts';
import { lowWeight } from './bands.ts';
import { DSP_STFT, separateBlock, type StemPlanes } from './dsp-block.ts';
import { baseMasks } from './dsp-masks.ts';
import { istft, stft } from './stft.ts';

const SR = 44_100;

function noise(n: number, seed = 1): Float32Array {
  let s = seed;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = (s / 0x7fffffff - 0.5) * 0.5;
  }
  return out;
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

function energy(x: Float32Array): number {
  let e = 0;
  for (const v of x) e += v * v;
  return e;
}

describe('stft/istft', () => {
  it('reconstructs any signal exactly, edges included', () => {
    const x = noise(10_000);
    const y = istft(stft(x, DSP_STFT), DSP_STFT, x.length);
    expect(maxAbsDiff(x, y)).toBeLessThan(1e-5);
  });

  it('reconstructs with centred framing too (the neural convention)', () => {
    const cfg = { size: 1024, hop: 256 };
    const x = noise(256 * 31, 7);
    const framing = { firstStart: -512, frames: 32 };
    const y = istft(stft(x, cfg, framing), cfg, x.length, framing);
    // Interior samples are covered by 4 frames; compare away from the last half window.
    expect(maxAbsDiff(x.subarray(0, x.length - 512), y.subarray(0, y.length - 512))).toBeLessThan(
      1e-5,
    );
  });
});

describe('DSP masks', () => {
  it('sum to exactly 1 in every bin', () => {
    const l = noise(20_000, 3);
    const r = noise(20_000, 4);
    const masks = baseMasks(stft(l, DSP_STFT), stft(r, DSP_STFT), { sampleRate: SR, size: 4096 });
    for (let i = 0; i < masks.vocals.length; i += 97) {
      const sum = masks.vocals[i]! + masks.drums[i]! + masks.bass[i]! + masks.other[i]!;
      expect(sum).toBeCloseTo(1, 5);
    }
  });

  it('separates a sustained tone (harmonic) from clicks (percussive)', () => {
    const n = SR * 2;
    const tone = new Float32Array(n);
    const clicks = new Float32Array(n);
    for (let i = 0; i < n; i++) tone[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / SR);
    for (let i = 0; i < n; i += SR / 4) clicks[i] = 0.9;
    const mix = tone.map((v, i) => v + clicks[i]!);
    // Opposite-polarity side content keeps the tone out of "vocals" (it is not centred).
    const right = tone.map((v, i) => -v + clicks[i]!);
    const out = separateBlock(mix, right, SR, ['drums', 'other', 'vocals', 'bass']);
    const drums = out.get('drums')![0];
    const other = out.get('other')![0];
    // Tone energy lands in "other", click energy in "drums".
    const toneInOther = energy(other) / energy(tone);
    const clickInDrums = energy(drums) / energy(clicks);
    expect(toneInOther).toBeGreaterThan(0.8);
    expect(clickInDrums).toBeGreaterThan(0.5);
  });

  it('centre extraction puts a centred tone in vocals and a hard-panned one elsewhere', () => {
    const n = SR;
    const centred = new Float32Array(n);
    const panned = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      centred[i] = 0.3 * Math.sin((2 * Math.PI * 660 * i) / SR);
      panned[i] = 0.3 * Math.sin((2 * Math.PI * 1320 * i) / SR);
    }
    const left = centred.map((v, i) => v + panned[i]!);
    const right = centred.slice();
    const out = separateBlock(left, right, SR, ['vocals']);
    const vocalsRight = out.get('vocals')![1];
    // Right channel holds only the centred tone, and vocals keep most of it.
    expect(energy(vocalsRight) / energy(right)).toBeGreaterThan(0.7);
    const vocalsLeft = out.get('vocals')![0];
    expect(energy(vocalsLeft)).toBeLessThan(energy(left) * 0.8);
  });

  it('every pair of complementary stems sums back to the mix', () => {
    const l = noise(30_000, 5);
    const r = noise(30_000, 6);
    const out = separateBlock(l, r, SR, [
      'vocals',
      'no_vocals',
      'kick',
      'snare',
      'hihat',
      'drums',
      'vocals_center',
      'vocals_sides',
    ]);
    const sum = (a: string, b: string, ch: 0 | 1) =>
      out.get(a)![ch].map((v, i) => v + out.get(b)![ch][i]!);
    expect(maxAbsDiff(sum('vocals', 'no_vocals', 0), l)).toBeLessThan(1e-4);
    expect(maxAbsDiff(sum('vocals', 'no_vocals', 1), r)).toBeLessThan(1e-4);
    const kit = out
      .get('kick')![0]
      .map((v, i) => v + out.get('snare')![0][i]! + out.get('hihat')![0][i]!);
    expect(maxAbsDiff(kit, out.get('drums')![0])).toBeLessThan(1e-4);
    expect(maxAbsDiff(sum('vocals_center', 'vocals_sides', 0), out.get('vocals')![0])).toBeLessThan(
      1e-5,
    );
  });

  it('refuses a stem it cannot make instead of copying the mix', () => {
    expect(() => separateBlock(noise(5000), noise(5000), SR, ['guitar'])).toThrow(
      /cannot produce "guitar"/,
    );
  });

  it('band crossovers sum to one', () => {
    for (const hz of [10, 100, 120, 150, 1000])
      expect(lowWeight(hz, 120) + (1 - lowWeight(hz, 120))).toBe(1);
    expect(lowWeight(60, 120)).toBe(1);
    expect(lowWeight(240, 120)).toBe(0);
  });
});

describe('BlockStream', () => {
  it('streams in any chunk sizes, emits every sample once, and four stems sum to the mix', () => {
    const n = 50_000;
    const l = noise(n, 8);
    const r = noise(n, 9);
    const stems = ['vocals', 'drums', 'bass', 'other'];
    const got = new Map(stems.map((s) => [s, [[], []] as number[][]]));
    const stream = new BlockStream(
      (a, b) => separateBlock(a, b, SR, stems),
      (planes: StemPlanes) => {
        for (const [stem, [pl, pr]] of planes) {
          got.get(stem)![0]!.push(...pl);
          got.get(stem)![1]!.push(...pr);
        }
      },
      { core: 8 * 1024, context: 8 * 1024 },
    );
    for (let i = 0; i < n; i += 7_777)
      stream.push(l.subarray(i, i + 7_777), r.subarray(i, i + 7_777));
    stream.finish();
    for (const stem of stems) expect(got.get(stem)![0]!.length).toBe(n);
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const s = stems.reduce((acc, stem) => acc + got.get(stem)![0]![i]!, 0);
      worst = Math.max(worst, Math.abs(s - l[i]!));
    }
    expect(worst).toBeLessThan(1e-4);
  });
});
