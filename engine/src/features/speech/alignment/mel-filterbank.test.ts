import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { realModel } from '../../../../../test/helpers/requirements.ts';
import { hzToMel, melFilterbank, melToHz } from './mel-filterbank.ts';

/** Reads a little-endian float32 C-order array from a .npy file (format 1.0). */
function readNpyF32(bytes: Uint8Array): { shape: number[]; data: Float32Array } {
  const headerLength = bytes[8]! | (bytes[9]! << 8);
  const header = new TextDecoder().decode(bytes.subarray(10, 10 + headerLength));
  expect(header).toContain("'descr': '<f4'");
  expect(header).toContain("'fortran_order': False");
  const shape = [...(/'shape': \(([^)]*)\)/.exec(header)?.[1] ?? '').matchAll(/\d+/g)].map((m) =>
    Number(m[0]),
  );
  const start = 10 + headerLength;
  const copy = bytes.slice(start, start + shape.reduce((a, b) => a * b, 1) * 4);
  return { shape, data: new Float32Array(copy.buffer) };
}

describe('mel filterbank', () => {
  it('round-trips between Hz and mel on both sides of the 1 kHz knee', () => {
    for (const hz of [0, 200, 999, 1000, 4000, 8000])
      expect(melToHz(hzToMel(hz))).toBeCloseTo(hz, 6);
  });

  it("equals Whisper's mel_filters.npz (80 and 128 bands, 16 kHz, n_fft 400)", () => {
    const file = realModel('asr/whisper-assets/mel_filters.npz');
    if (file === null) return;
    const archive = unzipSync(fs.readFileSync(file));
    for (const nMels of [80, 128]) {
      const npy = archive[`mel_${nMels}.npy`];
      expect(npy, `mel_${nMels}.npy in the archive`).toBeDefined();
      const reference = readNpyF32(npy!);
      expect(reference.shape).toEqual([nMels, 201]);
      const ours = melFilterbank({ sampleRate: 16_000, nFft: 400, nMels });
      let worst = 0;
      for (let i = 0; i < ours.length; i++)
        worst = Math.max(worst, Math.abs(ours[i]! - reference.data[i]!));
      expect(worst).toBeLessThan(1e-6);
    }
  });
});
