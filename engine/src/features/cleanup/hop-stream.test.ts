// The streaming contract every engine keeps (exact length, alignment, silence skipping), on an
// identity "engine" (STFT analysis → synthesis with no model), so any drift is the stream's.
import { describe, expect, it } from 'vitest';
import { HopStream } from './hop-stream.ts';
import { MultichannelDenoiser } from './multichannel-denoiser.ts';
import { gtcrnStft, StftAnalyzer, StftSynthesizer } from './stft.ts';

class IdentityStream extends HopStream {
  readonly sampleRate = 16_000;
  private readonly analyzer = new StftAnalyzer(gtcrnStft());
  private readonly synthesizer = new StftSynthesizer(gtcrnStft());
  hopsRun = 0;

  constructor() {
    super(256, 256, 256);
  }

  protected processHops(hops: Float32Array): Promise<Float32Array> {
    const out = new Float32Array(hops.length);
    for (let t = 0; t < hops.length; t += 256) {
      this.synthesizer.push(this.analyzer.push(hops.subarray(t, t + 256)), out, t);
      this.hopsRun += 1;
    }
    return Promise.resolve(out);
  }

  protected resetEngine(): void {
    this.analyzer.reset();
    this.synthesizer.reset();
  }
}

function signal(n: number): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => Math.sin(i / 7) * 0.3 + Math.sin(i / 31) * 0.2);
}

async function collect(parts: Promise<Float32Array>[]): Promise<Float32Array> {
  const done = await Promise.all(parts);
  const out = new Float32Array(done.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of done) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('HopStream', () => {
  it('returns exactly the input length, time-aligned, for blocks of any size', async () => {
    const x = signal(10_007);
    const stream = new IdentityStream();
    const parts: Promise<Float32Array>[] = [];
    for (const [a, b] of [
      [0, 1],
      [1, 300],
      [300, 4096],
      [4096, 10_007],
    ] as const) {
      parts.push(stream.push(x.subarray(a, b)));
    }
    parts.push(stream.end());
    const y = await collect(parts);
    expect(y.length).toBe(x.length);
    let worst = 0;
    // The first frame's left half has no overlap partner (the window starts at zero).
    for (let i = 256; i < x.length; i++) worst = Math.max(worst, Math.abs(y[i]! - x[i]!));
    expect(worst).toBeLessThan(1e-5);
  });

  it('skips digital silence without the engine and keeps later audio aligned', async () => {
    const block = 64 * 256;
    const speech = signal(block);
    const input = [
      speech,
      new Float32Array(block),
      new Float32Array(block),
      new Float32Array(block),
      speech,
    ];
    const stream = new IdentityStream();
    const denoiser = new MultichannelDenoiser([stream]);
    const outs: Float32Array[] = [];
    for (const b of input) outs.push(await denoiser.push(b));
    outs.push(await denoiser.end());
    const y = await collect(outs.map((o) => Promise.resolve(o)));
    expect(y.length).toBe(5 * block);
    expect(denoiser.skippedFrames).toBe(2 * block);
    expect(stream.hopsRun).toBeLessThan(4 * 64);
    const last = 4 * block;
    let worst = 0;
    for (let i = 256; i < block; i++) worst = Math.max(worst, Math.abs(y[last + i]! - speech[i]!));
    expect(worst).toBeLessThan(1e-5);
    expect(y.subarray(block, last).every((v) => Math.abs(v) < 1e-6)).toBe(true);
    // The skipped stretch is exact zeros (up to where the restarted STFT begins again).
    expect(y.subarray(2 * block, last - 256).every((v) => v === 0)).toBe(true);
  });
});
