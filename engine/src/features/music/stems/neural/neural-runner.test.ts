/**
 * The neural tier's runner against real ONNX Runtime, with separator-format models the test
 * builds (inference/onnx-builder.ts): the MDX spectrogram convention (channel layout, centred
 * STFT, trim, overlap-add) and the waveform convention, through the real worker task and ffmpeg.
 * Each model is a known linear map, so the exact expected stems are known.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemFfmpeg } from '../../../../../../test/helpers/audio-fixtures.ts';
import { readWavFile, writeWavFile } from '../../../../audio/wav.ts';
import { buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';
import { run } from '../separation-task.ts';
import type { EngineSpec } from '../separation-engine.ts';

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
