/**
 * The neural tier's runner against real ONNX Runtime, with separator-format models the test
 * builds (inference/onnx-builder.ts): the MDX spectrogram convention (channel layout, centred
 * STFT, trim, overlap-add) and the waveform convention, through the real worker task and ffmpeg.
 * Each model is a known linear map, so the exact expected stems are known.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { systemFfmpeg } from '../../../../../../test/helpers/audio-fixtures.ts';
import { readWavFile, writeWavFile } from '../../../../audio/wav.ts';
import { readManifestFile } from '../../../../inference/model-manifest.ts';
import { buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';
import { run } from '../separation-task.ts';
import type { EngineSpec } from '../separation-engine.ts';
import { definitionFromManifest } from '../stem-engines.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stems-neural-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SR = 44_100;
const N = Math.round(SR * 1.3);
const left = new Float32Array(N);
const right = new Float32Array(N);
for (let i = 0; i < N; i++) {
  left[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / SR);
  right[i] = 0.3 * Math.sin((2 * Math.PI * 1000 * i) / SR + 0.3);
}

async function inputWav(): Promise<string> {
  const file = path.join(dir, 'mix.wav');
  const samples = new Float32Array(2 * N);
  for (let i = 0; i < N; i++) {
    samples[2 * i] = left[i]!;
    samples[2 * i + 1] = right[i]!;
  }
  await writeWavFile(file, { sampleRate: SR, channels: 2, samples }, 'f32');
  return file;
}

const ctx = { signal: new AbortController().signal, progress: () => {} };
const ffmpeg = { path: systemFfmpeg(), version: 'system' };

function rmsError(a: Float32Array, b: Float32Array): number {
  let e = 0;
  for (let i = 0; i < a.length; i++) e += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(e / a.length);
}

async function stemPlanes(file: string): Promise<[Float32Array, Float32Array]> {
  const wav = await readWavFile(file);
  expect(wav.sampleRate).toBe(SR);
  expect(wav.channels).toBe(2);
  const n = wav.samples.length / 2;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    l[i] = wav.samples[2 * i]!;
    r[i] = wav.samples[2 * i + 1]!;
  }
  return [l, r];
}

describe('MDX convention', () => {
  it('feeds [L.re, L.im, R.re, R.im] × dim_f × dim_t and overlap-adds the target; the complement is the rest', async () => {
    const dimF = 512;
    const dimT = 32;
    // Target = the input spectrogram with the channels swapped, halved.
    const model = buildModel({
      graph: {
        name: 'mdx-swap-half',
        inputs: [valueInfo('input', 'float32', [1, 4, dimF, dimT])],
        outputs: [valueInfo('output', 'float32', [1, 4, dimF, dimT])],
        initializers: [
          tensor('order', 'int64', [4], [2n, 3n, 0n, 1n]),
          tensor('half', 'float32', [1], [0.5]),
        ],
        nodes: [
          node('Gather', ['input', 'order'], ['swapped'], { axis: { kind: 'int', value: 1 } }),
          node('Mul', ['swapped', 'half'], ['output']),
        ],
      },
    });
    const modelPath = path.join(dir, 'mdx.onnx');
    fs.writeFileSync(modelPath, model);
    const engine: EngineSpec = {
      kind: 'mdx',
      modelPath,
      target: 'no_vocals',
      complement: 'vocals',
      nFft: 1024,
      hop: 256,
      dimF,
      dimT,
      compensate: 1,
      executionProviders: ['cpu'],
    };
    const out = await run(
      {
        ffmpeg,
        inputPath: await inputWav(),
        outDir: path.join(dir, 'mdx-out'),
        engine,
        stems: ['vocals', 'no_vocals'],
      },
      ctx,
    );
    expect(out.stems.map((s) => s.stem)).toEqual(['vocals', 'no_vocals']);
    const [tl, tr] = await stemPlanes(out.stems[1]!.path);
    const [vl] = await stemPlanes(out.stems[0]!.path);
    expect(tl.length).toBe(N);
    // Channels swapped and halved, to within 16-bit output quantisation.
    expect(
      rmsError(
        tl,
        right.map((v) => v * 0.5),
      ),
    ).toBeLessThan(1e-3);
    expect(
      rmsError(
        tr,
        left.map((v) => v * 0.5),
      ),
    ).toBeLessThan(1e-3);
    // Complement + target = mix.
    expect(
      rmsError(
        vl.map((v, i) => v + tl[i]!),
        left,
      ),
    ).toBeLessThan(1e-3);
  });
});

describe('waveform convention', () => {
  it('splits a [1, 2, T] segment into [1, S, 2, T] sources with overlap-add and derives no_<source>', async () => {
    const segment = 4096;
    const model = buildModel({
      opset: 17,
      graph: {
        name: 'wave-quarters',
        inputs: [valueInfo('mix', 'float32', [1, 2, segment])],
        outputs: [valueInfo('sources', 'float32', [1, 2, 2, segment])],
        initializers: [
          tensor('axes', 'int64', [1], [1n]),
          tensor('gains', 'float32', [1, 2, 1, 1], [0.25, 0.75]),
        ],
        nodes: [
          node('Unsqueeze', ['mix', 'axes'], ['wide']),
          node('Mul', ['wide', 'gains'], ['sources']),
        ],
      },
    });
    const modelPath = path.join(dir, 'wave.onnx');
    fs.writeFileSync(modelPath, model);
    const engine: EngineSpec = {
      kind: 'waveform',
      modelPath,
      sources: ['a', 'b'],
      segment,
      executionProviders: ['cpu'],
    };
    const out = await run(
      {
        ffmpeg,
        inputPath: await inputWav(),
        outDir: path.join(dir, 'wave-out'),
        engine,
        stems: ['a', 'b', 'no_a'],
      },
      ctx,
    );
    const [al, ar] = await stemPlanes(out.stems[0]!.path);
    const [bl] = await stemPlanes(out.stems[1]!.path);
    const [nl] = await stemPlanes(out.stems[2]!.path);
    expect(al.length).toBe(N);
    expect(
      rmsError(
        al,
        left.map((v) => v * 0.25),
      ),
    ).toBeLessThan(1e-4);
    expect(
      rmsError(
        ar,
        right.map((v) => v * 0.25),
      ),
    ).toBeLessThan(1e-4);
    expect(
      rmsError(
        bl,
        left.map((v) => v * 0.75),
      ),
    ).toBeLessThan(1e-4);
    expect(
      rmsError(
        nl,
        left.map((v) => v * 0.75),
      ),
    ).toBeLessThan(1e-4);
  });
});

/** The shipped manifest's separator, as stem-engines.ts turns it into an engine spec. */
function shippedSpec(packId: string, modelPath: string): EngineSpec {
  const manifest = readManifestFile(
    fileURLToPath(new URL(`../../../../../../models/${packId}.json`, import.meta.url)),
  );
  if (!manifest.separator) throw new Error(`${packId} has no separator block`);
  return definitionFromManifest(manifest, manifest.separator).spec(modelPath, ['cpu']);
}

describe('published signatures, driven by the shipped manifests', () => {
  it('htdemucs-4s: mix [1, 2, 343980] → [1, 4, 2, 343980] in the order drums, bass, other, vocals', async () => {
    const segment = 343_980;
    // Source s = mix · gain[s]: every output is a known share of the input.
    const gains = [0.1, 0.2, 0.3, 0.4];
    const model = buildModel({
      opset: 17,
      graph: {
        name: 'htdemucs-signature',
        inputs: [valueInfo('mix', 'float32', [1, 2, segment])],
        outputs: [valueInfo('stems', 'float32', [1, 4, 2, segment])],
        initializers: [
          tensor('axes', 'int64', [1], [1n]),
          tensor('gains', 'float32', [1, 4, 1, 1], gains),
        ],
        nodes: [
          node('Unsqueeze', ['mix', 'axes'], ['wide']),
          node('Mul', ['wide', 'gains'], ['stems']),
        ],
      },
    });
    const modelPath = path.join(dir, 'htdemucs-signature.onnx');
    fs.writeFileSync(modelPath, model);
    const engine = shippedSpec('htdemucs-4s', modelPath);
    expect(engine).toMatchObject({ kind: 'waveform', segment });
    const out = await run(
      {
        ffmpeg,
        inputPath: await inputWav(),
        outDir: path.join(dir, 'htdemucs-out'),
        engine,
        stems: ['drums', 'bass', 'other', 'vocals', 'no_vocals'],
      },
      ctx,
    );
    expect(out.stems.map((s) => s.stem)).toEqual(['drums', 'bass', 'other', 'vocals', 'no_vocals']);
    for (const [i, gain] of gains.entries()) {
      const [l, r] = await stemPlanes(out.stems[i]!.path);
      expect(l.length).toBe(N);
      expect(
        rmsError(
          l,
          left.map((v) => v * gain),
        ),
      ).toBeLessThan(1e-4);
      expect(
        rmsError(
          r,
          right.map((v) => v * gain),
        ),
      ).toBeLessThan(1e-4);
    }
    const [nl] = await stemPlanes(out.stems[4]!.path);
    expect(
      rmsError(
        nl,
        left.map((v) => v * 0.6),
      ),
    ).toBeLessThan(1e-4);
  });

  it('uvr-mdx-net-1-9703: [batch, 4, 2048, 256] spectrograms with n_fft 6144, hop 1024, compensate 1.03', async () => {
    const dimF = 2048;
    const dimT = 256;
    // Vocals = the input spectrogram halved (both channels): the runner must frame a 6144-point
    // centred STFT, keep 2048 bins, undo it and scale by compensate.
    const model = buildModel({
      graph: {
        name: 'mdx-signature',
        inputs: [valueInfo('input', 'float32', ['batch', 4, dimF, dimT])],
        outputs: [valueInfo('output', 'float32', ['batch', 4, dimF, dimT])],
        initializers: [tensor('half', 'float32', [1], [0.5])],
        nodes: [node('Mul', ['input', 'half'], ['output'])],
      },
    });
    const modelPath = path.join(dir, 'mdx-signature.onnx');
    fs.writeFileSync(modelPath, model);
    const engine = shippedSpec('uvr-mdx-net-1-9703', modelPath);
    expect(engine).toMatchObject({ kind: 'mdx', nFft: 6144, hop: 1024, dimF, dimT });
    const out = await run(
      {
        ffmpeg,
        inputPath: await inputWav(),
        outDir: path.join(dir, 'mdx-signature-out'),
        engine,
        stems: ['vocals', 'instrumental'],
      },
      ctx,
    );
    const [vl, vr] = await stemPlanes(out.stems[0]!.path);
    const [il] = await stemPlanes(out.stems[1]!.path);
    expect(vl.length).toBe(N);
    // 440 Hz and 1 kHz lie far below the 2048th bin (14.7 kHz), so all of it passes.
    expect(
      rmsError(
        vl,
        left.map((v) => v * 0.5 * 1.03),
      ),
    ).toBeLessThan(2e-3);
    expect(
      rmsError(
        vr,
        right.map((v) => v * 0.5 * 1.03),
      ),
    ).toBeLessThan(2e-3);
    expect(
      rmsError(
        vl.map((v, i) => v + il[i]!),
        left,
      ),
    ).toBeLessThan(1e-3);
  });
});
