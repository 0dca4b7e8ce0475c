// The hand-written ONNX writer, checked by running what it writes in the real ONNX Runtime
// (and its metadata read back with onnx-metadata.ts).
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  attr,
  buildModel,
  node,
  withMetadata,
  tensor,
  valueInfo,
  type GraphSpec,
  type ModelSpec,
} from './onnx-builder.ts';
import { readOnnxMetadata as readMetadata } from './onnx-metadata.ts';

type Feed = ort.Tensor;

async function runModel(
  spec: ModelSpec,
  feeds: Record<string, Feed>,
): Promise<Record<string, ort.Tensor>> {
  const session = await ort.InferenceSession.create(buildModel(spec), { logSeverityLevel: 3 });
  try {
    return await session.run(feeds);
  } finally {
    await session.release();
  }
}

function floats(t: ort.Tensor | undefined): number[] {
  return Array.from(t?.data as Float32Array);
}

function ints(t: ort.Tensor | undefined): number[] {
  return Array.from(t?.data as BigInt64Array, Number);
}

describe('onnx-builder', () => {
  it('Shape → Cast → Mul: scales a vector by its own length', async () => {
    const out = await runModel(
      {
        graph: {
          inputs: [valueInfo('x', 'float32', ['n'])],
          outputs: [valueInfo('y', 'float32', ['n'])],
          nodes: [
            node('Shape', ['x'], ['len']),
            node('Cast', ['len'], ['lenf'], { to: attr.int(1) }),
            node('Mul', ['x', 'lenf'], ['y']),
          ],
        },
      },
      { x: new ort.Tensor('float32', Float32Array.from([1, 2, 3]), [3]) },
    );
    expect(floats(out.y)).toEqual([3, 6, 9]);
  });

  it('Range → Cast → Sin with int64 and float32 initializers', async () => {
    const out = await runModel(
      {
        graph: {
          inputs: [valueInfo('count', 'int64', [])],
          outputs: [valueInfo('wave', 'float32', ['n']), valueInfo('idx', 'int64', ['n'])],
          initializers: [
            tensor('zero', 'int64', [], [0]),
            tensor('one', 'int64', [], [1n]),
            tensor('step', 'float32', [], [Math.PI / 2]),
          ],
          nodes: [
            node('Range', ['zero', 'count', 'one'], ['idx']),
            node('Cast', ['idx'], ['idxf'], { to: attr.int(1) }),
            node('Mul', ['idxf', 'step'], ['phase']),
            node('Sin', ['phase'], ['wave']),
          ],
        },
      },
      { count: new ort.Tensor('int64', BigInt64Array.from([5n]), []) },
    );
    expect(ints(out.idx)).toEqual([0, 1, 2, 3, 4]);
    const wave = floats(out.wave);
    expect(wave).toHaveLength(5);
    [0, 1, 0, -1, 0].forEach((v, i) => expect(wave[i]).toBeCloseTo(v, 5));
  });

  it('Expand, Tile, Reshape and ReduceSum with negative int64 values', async () => {
    const out = await runModel(expandGraph(), {
      x: new ort.Tensor('float32', Float32Array.from([1, 2, 3]), [1, 3]),
    });
    expect(floats(out.expanded)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(floats(out.tiled)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(out.flat?.dims).toEqual([3, 2]);
    expect(floats(out.sums)).toEqual([6, 6]);
  });

  it('writes graphs ONNX Runtime rejects when they are wrong (Reshape without shape)', async () => {
    const spec = expandGraph();
    const broken: ModelSpec = {
      graph: {
        ...spec.graph,
        nodes: spec.graph.nodes.map((n) =>
          n.opType === 'Reshape' ? { ...n, inputs: [n.inputs[0] ?? ''] } : n,
        ),
      },
    };
    await expect(ort.InferenceSession.create(buildModel(broken))).rejects.toThrow();
  });

  it('Conv with a float kernel, string/ints attributes and a bias', async () => {
    // 1-D moving sum over 3 samples, "same" padding.
    const out = await runModel(
      {
        graph: {
          inputs: [valueInfo('x', 'float32', [1, 1, 'n'])],
          outputs: [valueInfo('y', 'float32', [1, 1, 'n'])],
          initializers: [
            tensor('w', 'float32', [1, 1, 3], [1, 1, 1]),
            tensor('b', 'float32', [1], [0.5]),
          ],
          nodes: [
            node('Conv', ['x', 'w', 'b'], ['y'], {
              auto_pad: attr.string('SAME_UPPER'),
              kernel_shape: attr.ints([3]),
              strides: attr.ints([1]),
            }),
          ],
        },
      },
      { x: new ort.Tensor('float32', Float32Array.from([1, 2, 3, 4]), [1, 1, 4]) },
    );
    expect(floats(out.y)).toEqual([3.5, 6.5, 9.5, 7.5]);
  });

  it('float, floats and tensor attributes (LeakyRelu, Constant, ConstantOfShape)', async () => {
    const out = await runModel(
      {
        graph: {
          inputs: [valueInfo('x', 'float32', [3]), valueInfo('shape', 'int64', [1])],
          outputs: [
            valueInfo('leaky', 'float32', [3]),
            valueInfo('c', 'float32', [2]),
            valueInfo('filled', 'int32', ['m']),
          ],
          nodes: [
            node('LeakyRelu', ['x'], ['leaky'], { alpha: attr.float(0.25) }),
            node('Constant', [], ['c'], { value_floats: attr.floats([1.5, -2]) }),
            node('ConstantOfShape', ['shape'], ['filled'], {
              value: attr.tensor(tensor('v', 'int32', [1], [7])),
            }),
          ],
        },
      },
      {
        x: new ort.Tensor('float32', Float32Array.from([-4, 0, 2]), [3]),
        shape: new ort.Tensor('int64', BigInt64Array.from([3n]), [1]),
      },
    );
    expect(floats(out.leaky)).toEqual([-1, 0, 2]);
    expect(floats(out.c)).toEqual([1.5, -2]);
    expect(Array.from(out.filled?.data as Int32Array)).toEqual([7, 7, 7]);
  });

  it('graph attributes: If picks a branch', async () => {
    const branch = (value: number): GraphSpec => ({
      inputs: [],
      outputs: [valueInfo(`out${value}`, 'float32', [1])],
      nodes: [
        node('Constant', [], [`out${value}`], {
          value: attr.tensor(tensor(`k${value}`, 'float32', [1], [value])),
        }),
      ],
    });
    const spec: ModelSpec = {
      graph: {
        inputs: [valueInfo('cond', 'bool', [])],
        outputs: [valueInfo('y', 'float32', [1])],
        nodes: [
          node('If', ['cond'], ['y'], {
            then_branch: attr.graph(branch(1)),
            else_branch: attr.graph(branch(2)),
          }),
        ],
      },
    };
    const yes = await runModel(spec, { cond: new ort.Tensor('bool', [true], []) });
    const no = await runModel(spec, { cond: new ort.Tensor('bool', [false], []) });
    expect(floats(yes.y)).toEqual([1]);
    expect(floats(no.y)).toEqual([2]);
  });

  it('writes metadata_props and the chosen opset', async () => {
    const bytes = buildModel({
      opset: 19,
      metadata: { sample_rate: '22050', comment: 'tapehouse é' },
      graph: {
        inputs: [valueInfo('x', 'float32', [1])],
        outputs: [valueInfo('y', 'float32', [1])],
        nodes: [node('Identity', ['x'], ['y'])],
      },
    });
    expect(readMetadata(bytes)).toEqual({ sample_rate: '22050', comment: 'tapehouse é' });
    const session = await ort.InferenceSession.create(bytes);
    const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from([4]), [1]) });
    expect(floats(out.y)).toEqual([4]);
    await session.release();
  });

  it('adds metadata_props to an existing model without changing what it computes', async () => {
    const plain = buildModel({
      metadata: { a: '1' },
      graph: {
        inputs: [valueInfo('x', 'float32', [2])],
        outputs: [valueInfo('y', 'float32', [2])],
        initializers: [tensor('k', 'float32', [1], [3])],
        nodes: [node('Mul', ['x', 'k'], ['y'])],
      },
    });
    const tagged = withMetadata(plain, { sample_rate: '16000', comment: 'piper' });
    expect(readMetadata(tagged)).toEqual({ a: '1', sample_rate: '16000', comment: 'piper' });
    expect(Buffer.from(tagged.subarray(0, plain.length)).equals(Buffer.from(plain))).toBe(true);
    const session = await ort.InferenceSession.create(tagged);
    const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from([1, 2]), [2]) });
    expect(floats(out.y)).toEqual([3, 6]);
    await session.release();
  });

  it('rejects a tensor whose values do not fill its dims', () => {
    expect(() =>
      buildModel({
        graph: {
          inputs: [],
          outputs: [valueInfo('k', 'float32', [2])],
          initializers: [tensor('k', 'float32', [2], [1, 2, 3])],
          nodes: [],
        },
      }),
    ).toThrow(/3 values do not fill dims \[2\]/);
  });
});

function expandGraph(): ModelSpec {
  return {
    graph: {
      inputs: [valueInfo('x', 'float32', [1, 3])],
      outputs: [
        valueInfo('expanded', 'float32', [2, 3]),
        valueInfo('tiled', 'float32', [1, 6]),
        valueInfo('flat', 'float32', [3, 2]),
        valueInfo('sums', 'float32', [2]),
      ],
      initializers: [
        tensor('shape23', 'int64', [2], [2, 3]),
        tensor('reps', 'int64', [2], [1, 2]),
        tensor('shape32', 'int64', [2], [3, -1]),
        tensor('lastAxis', 'int64', [1], [-1]),
      ],
      nodes: [
        node('Expand', ['x', 'shape23'], ['expanded']),
        node('Tile', ['x', 'reps'], ['tiled']),
        node('Reshape', ['tiled', 'shape32'], ['flat']),
        node('ReduceSum', ['expanded', 'lastAxis'], ['sums'], { keepdims: attr.int(0) }),
      ],
    },
  };
}

describe('readOnnxMetadata', () => {
  it('reads nothing from a model without metadata and rejects bytes that are not protobuf', () => {
    const bytes = buildModel({
      graph: {
        inputs: [valueInfo('x', 'float32', [1])],
        outputs: [valueInfo('y', 'float32', [1])],
        nodes: [node('Identity', ['x'], ['y'])],
      },
    });
    expect(readMetadata(bytes)).toEqual({});
    expect(() => readMetadata(Uint8Array.from([0x0a, 0xff, 0xff, 0x01]))).toThrow(/truncated/);
  });
});
