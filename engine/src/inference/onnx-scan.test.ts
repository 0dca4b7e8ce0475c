// The Scan wrapper must compute exactly what frame-by-frame runs of the original model compute:
// checked on a small generated stateful model, and on the real GTCRN streaming export.
import fs from 'node:fs';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { realModel } from '../../../test/helpers/requirements.ts';
import { buildModel, node, tensor, valueInfo } from './onnx-builder.ts';
import { scanNames, wrapInScan, type ScanWrapSpec } from './onnx-scan.ts';

/** y = x·w + s; s' = 0.5·s + x (per element): the output depends on every earlier frame. */
function statefulModel(opset = 17): Uint8Array {
  return buildModel({
    opset,
    graph: {
      inputs: [valueInfo('x', 'float32', [1, 3]), valueInfo('s', 'float32', [1, 3])],
      outputs: [valueInfo('y', 'float32', [1, 3]), valueInfo('s_out', 'float32', [1, 3])],
      initializers: [
        tensor('w', 'float32', [1, 3], [2, -1, 0.5]),
        tensor('half', 'float32', [1], [0.5]),
      ],
      nodes: [
        node('Mul', ['x', 'w'], ['xw']),
        node('Add', ['xw', 's'], ['y']),
        node('Mul', ['s', 'half'], ['s_half']),
        node('Add', ['s_half', 'x'], ['s_out']),
      ],
    },
  });
}

const SPEC: ScanWrapSpec = { states: [['s', 's_out']], frameInput: 'x', frameOutput: 'y' };

function frames(count: number, width: number): Float32Array {
  return Float32Array.from({ length: count * width }, (_, i) => Math.sin(i * 0.37) * 0.8);
}

describe('wrapInScan', () => {
  it('runs K frames in one call with the state carried, as K single-frame calls do', async () => {
    const plain = await ort.InferenceSession.create(statefulModel());
    const scanned = await ort.InferenceSession.create(wrapInScan(statefulModel(), SPEC));
    const names = scanNames(SPEC);
    expect(scanned.inputNames).toEqual([...names.stateInputs, names.framesInput]);
    expect(scanned.outputNames).toEqual([...names.stateOutputs, names.framesOutput]);

    const K = 7;
    const x = frames(K, 3);
    let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(3), [1, 3]);
    const expected: number[] = [];
    for (let k = 0; k < K; k++) {
      const r = await plain.run({
        x: new ort.Tensor('float32', x.slice(3 * k, 3 * k + 3), [1, 3]),
        s: state,
      });
      expected.push(...(r.y!.data as Float32Array));
      state = r.s_out as ort.Tensor;
    }
    const r = await scanned.run({
      [names.stateInputs[0]!]: new ort.Tensor('float32', new Float32Array(3), [1, 3]),
      [names.framesInput]: new ort.Tensor('float32', x, [K, 1, 3]),
    });
    expect(r[names.framesOutput]!.dims).toEqual([K, 1, 3]);
    expect([...(r[names.framesOutput]!.data as Float32Array)]).toEqual(expected);
    expect([...(r[names.stateOutputs[0]!]!.data as Float32Array)]).toEqual([
      ...(state.data as Float32Array),
    ]);
  });

  it('refuses specs that do not name every input and output, and pre-Scan-9 opsets', () => {
    expect(() => wrapInScan(statefulModel(), { ...SPEC, frameInput: 'nope' })).toThrow(
      /no input named nope/,
    );
    expect(() => wrapInScan(statefulModel(), { ...SPEC, states: [] })).toThrow(/every input/);
    expect(() => wrapInScan(statefulModel(8), SPEC)).toThrow(/opset 9/);
  });

  it('leaves the real GTCRN streaming export bit-exact over 40 frames', async () => {
    const file = realModel('denoise/gtcrn_simple.onnx');
    if (file === null) return;
    const bytes = new Uint8Array(fs.readFileSync(file));
    const spec: ScanWrapSpec = {
      states: [
        ['conv_cache', 'conv_cache_out'],
        ['tra_cache', 'tra_cache_out'],
        ['inter_cache', 'inter_cache_out'],
      ],
      frameInput: 'mix',
      frameOutput: 'enh',
    };
    const options = { intraOpNumThreads: 1 };
    const plain = await ort.InferenceSession.create(bytes, options);
    const scanned = await ort.InferenceSession.create(wrapInScan(bytes, spec), options);
    const shapes = [
      [2, 1, 16, 16, 33],
      [2, 3, 1, 1, 16],
      [2, 1, 33, 16],
    ];
    const zeros = (dims: number[]): ort.Tensor =>
      new ort.Tensor('float32', new Float32Array(dims.reduce((a, b) => a * b, 1)), dims);
    const K = 40;
    const x = frames(K, 514).map((v) => v * 0.05);
    let caches = shapes.map(zeros);
    const expected: number[] = [];
    for (let k = 0; k < K; k++) {
      const r = await plain.run({
        mix: new ort.Tensor('float32', x.slice(514 * k, 514 * (k + 1)), [1, 257, 1, 2]),
        conv_cache: caches[0]!,
        tra_cache: caches[1]!,
        inter_cache: caches[2]!,
      });
      expected.push(...(r.enh!.data as Float32Array));
      caches = [r.conv_cache_out!, r.tra_cache_out!, r.inter_cache_out!] as ort.Tensor[];
    }
    const names = scanNames(spec);
    const feeds: Record<string, ort.Tensor> = {
      [names.framesInput]: new ort.Tensor('float32', x, [K, 1, 257, 1, 2]),
    };
    names.stateInputs.forEach((n, i) => (feeds[n] = zeros(shapes[i]!)));
    const r = await scanned.run(feeds);
    const got = r[names.framesOutput]!.data as Float32Array;
    let worst = 0;
    for (let i = 0; i < expected.length; i++)
      worst = Math.max(worst, Math.abs(got[i]! - expected[i]!));
    expect(worst).toBeLessThan(1e-6);
    expect(Math.max(...expected.map(Math.abs))).toBeGreaterThan(1e-4);
  });
});
