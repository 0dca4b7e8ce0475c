// exposeRecurrentState must let a caller run a batch-exported recurrent model block by block
// with exactly the one-pass result: checked on a small generated causal-conv + GRU model, and on
// the real DeepFilterNet3 encoder (TAPEHOUSE_MODELS_DIR), whose derived graph must compute what
// the published one computes when given zero history and a zero state.
import fs from 'node:fs';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { realModel } from '../../../test/helpers/requirements.ts';
import { attr, buildModel, node, tensor, valueInfo } from './onnx-builder.ts';
import {
  exposeRecurrentState,
  recurrentStateInput,
  recurrentStateOutput,
} from './onnx-recurrent-state.ts';

const C = 2;
const H = 4;

function wave(count: number, step: number): Float32Array {
  return Float32Array.from({ length: count }, (_, i) => Math.sin(i * step) * 0.7);
}

/** x [1, C, T] → causal conv over 3 frames (zero-padded in time) → GRU(H) → Y [T, 1, 1, H]. */
function causalGru(): Uint8Array {
  return buildModel({
    opset: 13,
    graph: {
      inputs: [valueInfo('x', 'float32', [1, C, 'T'])],
      outputs: [valueInfo('y', 'float32', ['T', 1, 1, H])],
      initializers: [
        tensor('pads', 'int64', [6], [0, 0, 2, 0, 0, 0]),
        tensor('k', 'float32', [C, C, 3], wave(C * C * 3, 0.9)),
        tensor('w', 'float32', [1, 3 * H, C], wave(3 * H * C, 0.53)),
        tensor('r', 'float32', [1, 3 * H, H], wave(3 * H * H, 0.71)),
      ],
      nodes: [
        node('Pad', ['x', 'pads'], ['x_padded']),
        node('Conv', ['x_padded', 'k'], ['conv']),
        node('Transpose', ['conv'], ['seq'], { perm: attr.ints([2, 0, 1]) }),
        node('GRU', ['seq', 'w', 'r'], ['y'], { hidden_size: attr.int(H) }),
      ],
    },
  });
}

/** Frames [from, to) of x [1, C, T] (zeros outside), as a tensor. */
function slice(x: Float32Array, frames: number, from: number, to: number): ort.Tensor {
  const out = new Float32Array(C * (to - from));
  for (let c = 0; c < C; c++) {
    for (let t = Math.max(0, from); t < to; t++)
      out[c * (to - from) + t - from] = x[c * frames + t]!;
  }
  return new ort.Tensor('float32', out, [1, C, to - from]);
}

describe('exposeRecurrentState', () => {
  it('runs a causal conv + GRU in blocks with the one-pass result', async () => {
    const T = 11;
    const x = wave(C * T, 0.37);
    const plain = await ort.InferenceSession.create(causalGru());
    const derived = await ort.InferenceSession.create(
      exposeRecurrentState(causalGru(), { historyInputs: ['x'] }),
    );
    expect(derived.inputNames).toEqual(['x', recurrentStateInput(0)]);
    expect(derived.outputNames).toEqual(['y', recurrentStateOutput(0)]);
    const expected = (await plain.run({ x: slice(x, T, 0, T) })).y!.data as Float32Array;

    const got: number[] = [];
    let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(H), [1, 1, H]);
    for (const [from, to] of [
      [0, 4],
      [4, 5],
      [5, 11],
    ] as const) {
      // Two frames of real history in front of each block (zeros before the first).
      const r = await derived.run({
        x: slice(x, T, from - 2, to),
        [recurrentStateInput(0)]: state,
      });
      got.push(...(r.y!.data as Float32Array));
      state = r[recurrentStateOutput(0)]!;
    }
    expect(got.length).toBe(expected.length);
    for (let i = 0; i < got.length; i++) expect(got[i]).toBeCloseTo(expected[i]!, 6);
  });

  it('refuses a history input that no Pad reads', () => {
    expect(() => exposeRecurrentState(causalGru(), { historyInputs: ['nope'] })).toThrow(
      /no Pad node reads the graph input nope/,
    );
  });

  it('leaves the real DeepFilterNet3 encoder exact (zero history, zero state)', async () => {
    const file = realModel('denoise/deepfilternet3/enc.onnx');
    if (file === null) return;
    const bytes = new Uint8Array(fs.readFileSync(file));
    const plain = await ort.InferenceSession.create(bytes);
    const derived = await ort.InferenceSession.create(
      exposeRecurrentState(bytes, { historyInputs: ['feat_erb', 'feat_spec'] }),
    );
    const S = 40;
    const erb = wave(S * 32, 0.37).map((v) => v * 0.5);
    const spec = wave(2 * S * 96, 0.11).map((v) => v * 0.5);
    const expected = await plain.run({
      feat_erb: new ort.Tensor('float32', erb, [1, 1, S, 32]),
      feat_spec: new ort.Tensor('float32', spec, [1, 2, S, 96]),
    });
    const erbH = new Float32Array((S + 2) * 32);
    erbH.set(erb, 2 * 32);
    const specH = new Float32Array(2 * (S + 2) * 96);
    for (let c = 0; c < 2; c++)
      specH.set(spec.subarray(c * S * 96, (c + 1) * S * 96), (c * (S + 2) + 2) * 96);
    const got = await derived.run({
      feat_erb: new ort.Tensor('float32', erbH, [1, 1, S + 2, 32]),
      feat_spec: new ort.Tensor('float32', specH, [1, 2, S + 2, 96]),
      [recurrentStateInput(0)]: new ort.Tensor('float32', new Float32Array(256), [1, 1, 256]),
    });
    for (const name of ['e0', 'e1', 'e2', 'e3', 'emb', 'c0', 'lsnr']) {
      expect(got[name]!.dims).toEqual(expected[name]!.dims);
      expect(Array.from(got[name]!.data as Float32Array)).toEqual(
        Array.from(expected[name]!.data as Float32Array),
      );
    }
    expect(got[recurrentStateOutput(0)]!.dims).toEqual([1, 1, 256]);
  });
});
