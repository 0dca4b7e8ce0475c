// The DeepFilterNet3 stream must give the one-pass result whatever its block sizes: the real
// model (TAPEHOUSE_MODELS_DIR) on the authors' own noisy example (TAPEHOUSE_DATA_DIR). Before the
// GRU states were carried (windows with one second of warm-up each), small blocks gave a
// different output (27 dB SI-SDR apart from one pass, 12 % of its peak) and a lower SI-SDR gain.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realData, realModel } from '../../../../test/helpers/requirements.ts';
import { decodeWav } from '../../audio/wav.ts';
import { createChannelStream, ENGINES, engineSessionCache } from './denoise-engines.ts';
import { denoiseWhole } from './hop-stream.ts';
import { siSdr } from './si-sdr.ts';

async function enhance(
  files: Record<string, string>,
  input: Float32Array,
  chunkFrames: number,
  block: number,
): Promise<Float32Array> {
  const sessions = engineSessionCache('studio', null);
  try {
    const stream = await createChannelStream('studio', files, sessions, { chunkFrames });
    return await denoiseWhole(stream, input, block);
  } finally {
    await sessions.disposeAll();
  }
}

describe('Dfn3Stream on the real model', () => {
  it('gives the one-pass output in small blocks, and improves SI-SDR by over 13 dB', async () => {
    const enc = realModel('denoise/deepfilternet3/enc.onnx');
    const data = realData('noise/pairs_deepfilternet');
    if (enc === null || data === null) return;
    const dir = path.dirname(enc);
    const files = Object.fromEntries(ENGINES.studio.files.map((f) => [f, path.join(dir, f)]));
    const noisy = decodeWav(fs.readFileSync(path.join(data, 'noisy_snr0.wav')));
    const clean = decodeWav(fs.readFileSync(path.join(data, 'clean_freesound_33711.wav')));
    expect(noisy.sampleRate).toBe(48_000);
    const onePass = await enhance(files, noisy.samples, 1_000_000, noisy.samples.length);
    // 37-frame model calls fed odd-sized blocks: 29 block boundaries inside the 10.6 s file.
    const streamed = await enhance(files, noisy.samples, 37, 7_777);
    expect(streamed.length).toBe(noisy.samples.length);
    expect(onePass.length).toBe(noisy.samples.length);
    let peak = 0;
    let worst = 0;
    for (let i = 0; i < onePass.length; i++) {
      peak = Math.max(peak, Math.abs(onePass[i]!));
      worst = Math.max(worst, Math.abs(streamed[i]! - onePass[i]!));
    }
    expect(worst).toBeLessThan(1e-4 * peak);
    expect(siSdr(streamed, clean.samples) - siSdr(noisy.samples, clean.samples)).toBeGreaterThan(
      13,
    );
  }, 240_000);
});
