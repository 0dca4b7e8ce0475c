// SI-SDR and the measured noise reduction, on signals whose answers are known.
import { describe, expect, it } from 'vitest';
import { NoiseReductionMeter } from './noise-reduction-meter.ts';
import { siSdr } from './si-sdr.ts';

function sine(n: number, hz: number, rate: number, amp = 0.5): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate));
}

describe('siSdr', () => {
  const ref = sine(16_000, 220, 16_000);

  it('ignores scale and reads 10·log10(signal/noise) for added noise', () => {
    expect(
      siSdr(
        ref.map((v) => v * 3),
        ref,
      ),
    ).toBeGreaterThan(100);
    // An orthogonal disturbance at a tenth of the amplitude: 20 dB.
    const other = sine(16_000, 440, 16_000, 0.05);
    expect(
      siSdr(
        ref.map((v, i) => v + other[i]!),
        ref,
      ),
    ).toBeCloseTo(20, 1);
  });

  it('refuses a silent reference', () => {
    expect(() => siSdr(ref, new Float32Array(10))).toThrow(/silent/);
  });
});

describe('NoiseReductionMeter', () => {
  it('compares the quietest fifth of the input with the same windows of the output', () => {
    const rate = 1000;
    const meter = new NoiseReductionMeter(rate);
    // 1 s of "speech" (loud), then 1 s of noise at 0.01 that the output cuts to 0.001 (−20 dB).
    const input = new Float32Array(2 * rate);
    const output = new Float32Array(2 * rate);
    for (let i = 0; i < rate; i++) input[i] = output[i] = i % 2 ? 0.5 : -0.5;
    for (let i = rate; i < 2 * rate; i++) {
      input[i] = i % 2 ? 0.01 : -0.01;
      output[i] = i % 2 ? 0.001 : -0.001;
    }
    meter.add(input.subarray(0, 700), output.subarray(0, 700), 1);
    meter.add(input.subarray(700), output.subarray(700), 1);
    const result = meter.result();
    expect(result.noise_reduction_db).toBeCloseTo(20, 1);
    expect(result.noise_floor_before_db).toBeCloseTo(-40, 1);
    expect(result.noise_floor_after_db).toBeCloseTo(-60, 1);
  });

  it('reads 0 dB for digital silence and stays finite when the output is gated to zero', () => {
    const silent = new NoiseReductionMeter(100);
    silent.add(new Float32Array(500), new Float32Array(500), 1);
    expect(silent.result()).toEqual({
      noise_floor_before_db: null,
      noise_floor_after_db: null,
      noise_reduction_db: 0,
    });
    const gated = new NoiseReductionMeter(100);
    gated.add(new Float32Array(500).fill(0.01), new Float32Array(500), 1);
    expect(gated.result().noise_reduction_db).toBeCloseTo(80, 1);
  });
});
