/**
 * GTCRN's published streaming graph (gtcrn_simple.onnx, one STFT frame per run), edited so that
 * ONE run takes a whole block of T frames, [1, 257, T, 2], with the same caches in and out. Same
 * weights, same operators (but one, below); the block's frames go through every convolution,
 * normalisation and matrix product together instead of one at a time.
 *
 * Why: at one frame per operator, ONNX Runtime spends most of a frame in per-operator dispatch,
 * not arithmetic (profiled: 417 nodes, about 3.5 ms per run for 1.9 ms of kernel time). Wrapping
 * the frame graph in a Scan (an earlier version) removed the per-run cost from Node but still ran the
 * 417 nodes per frame; here they run once per block.
 *
 * The frame graph is almost block-ready, because the model is causal by construction: each
 * temporal convolution reads its cache concatenated with the new frame and pads nothing in time,
 * so with T new frames it yields T outputs; the recurrent layers (temporal attention and
 * inter-frame GRUs) get sequences of T steps instead of 1. What pins the graph to one frame, and
 * what this file changes (each checked to appear, so another export fails loudly, not silently):
 *
 * - Reshape targets that spell the time axis as 1 (e.g. [1, 24, 1, 33]) become -1 there;
 * - the subband unfold takes time index 0 with Gather(axis 2, [[0]]), which is an Unsqueeze at
 *   axis 2 when there is one frame: it becomes that Unsqueeze;
 * - the intra-frame (across-frequency) bidirectional GRUs get a zero initial state of batch 1;
 *   zero is GRU's default, so the input is dropped and the batch follows the block;
 * - each convolution cache is refreshed by `Slice(concat(cache, frame), start 1, axis 2)`
 *   ("drop the oldest frame"); for a block the cache is the last L frames, start −L;
 * - `mix` and `enh` get a symbolic time axis, and the intermediate shape hints are dropped.
 *
 * One change is for speed only: the same unfold then gathers neighbouring bins with
 * Gather(axis 4, [[f + k]]), which ONNX Runtime copies one float at a time; over a block that
 * was a quarter of the kernel time. It becomes K contiguous Slices stacked by a Concat, the same
 * values (model 1.3–1.5× faster per frame, measured in one process, alternating).
 *
 * The test (gtcrn-stream.test.ts) checks the result against the frame graph frame by frame.
 */
import { attr, encodeNode, encodeTensor, type NodeSpec } from '../../inference/onnx-builder.ts';
import {
  attributeInt,
  lengthField,
  readFields,
  readInt64s,
  readNode,
  stringField,
  strings,
  varintInt64,
  varintValue,
  type Field,
  type NodeView,
} from '../../inference/onnx-proto.ts';
import type { ModelDerivation } from '../../inference/session-cache.ts';

/** Reshape targets with the time axis fixed at one frame, and their block forms. */
const RESHAPE_FOR_BLOCK: Record<string, readonly number[]> = {
  '1,9,1,129': [1, 9, -1, 129], // subband features of the input spectrum
  '1,24,1,33': [1, 24, -1, 33], // subband features inside each GT-conv block
  '1,-1,1,33': [1, 16, -1, 33], // channel shuffle after each GT-conv block (16 channels)
  '1,33,16': [-1, 33, 16], // frames as the batch of the intra-frame GRU
};

/** Reshape targets that do not involve the time axis (caches, per-frame layouts). */
const TIME_FREE_RESHAPES = new Set([
  '1,1,1,16',
  '1,1,16,16,33',
  '1,3,1,1,16',
  '1,1,33,16',
  '0,0,-1',
  '1,-1,33,16',
  '1,33,-1,16',
  '-1,33,16',
  '33,-1,16',
]);

const FRAME_INPUT = 'mix';
const FRAME_OUTPUT = 'enh';
const TIME_AXIS = 2;
/** The frequency axis of the subband unfold, after its time axis was unsqueezed. */
const UNFOLD_AXIS = 4;

interface Initializer {
  dims: bigint[];
  dataType: number;
  field: Field;
  tensor: Field[];
}

function wireType(field: Field): number {
  return field.raw[0]! & 7;
}

/** Values of a repeated int64 field, packed or not. */
function int64List(fields: readonly Field[], field: number): bigint[] {
  return fields
    .filter((f) => f.field === field)
    .flatMap((f) => (wireType(f) === 2 ? readInt64s(f.bytes) : [varintInt64(f.raw)]));
}

function parseInitializer(field: Field): [string, Initializer] {
  const tensor = readFields(field.bytes);
  const name = strings(tensor, 8)[0] ?? '';
  const dataType = Number(int64List(tensor, 2)[0] ?? 0n);
  return [name, { dims: int64List(tensor, 1), dataType, field, tensor }];
}

/** An int64 initializer's values (raw_data or int64_data). */
function int64Values(init: Initializer): bigint[] {
  if (init.dataType !== 7) throw new Error('not an int64 tensor');
  const raw = init.tensor.find((f) => f.field === 9);
  if (raw) return Array.from(new BigInt64Array(Uint8Array.from(raw.bytes).buffer));
  return int64List(init.tensor, 7);
}

function isAllZeroFloat(init: Initializer): boolean {
  const raw = init.tensor.find((f) => f.field === 9);
  if (init.dataType !== 1 || !raw) return false;
  return raw.bytes.every((b) => b === 0);
}

/** The node with its inputs replaced (trailing empty optional inputs dropped). */
function withInputs(node: NodeView, inputs: readonly string[]): Uint8Array {
  const kept = [...inputs];
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return lengthField(
    1,
    Buffer.concat([
      ...kept.map((i) => stringField(1, i)),
      ...node.fields.filter((f) => f.field !== 1).map((f) => f.raw),
    ]),
  );
}

/** A graph input/output ValueInfoProto with its time axis made symbolic. */
function withSymbolicTime(valueInfo: Uint8Array): Uint8Array {
  // ValueInfoProto.type = 2 { TypeProto.tensor_type = 1 { shape = 2 { dim = 1 } } }
  const fields = readFields(valueInfo);
  const type = fields.find((f) => f.field === 2);
  const tensorType = type && readFields(type.bytes).find((f) => f.field === 1);
  const parts = tensorType ? readFields(tensorType.bytes) : [];
  const shape = parts.find((f) => f.field === 2);
  const dims = shape ? readFields(shape.bytes) : [];
  if (dims.length !== 4) throw new Error('GTCRN frame input/output must be 4-D');
  dims[TIME_AXIS] = {
    field: 1,
    bytes: new Uint8Array(0),
    raw: lengthField(1, stringField(2, 'frames')),
  };
  const newTensorType = Buffer.concat([
    ...parts.filter((f) => f.field !== 2).map((f) => f.raw),
    lengthField(2, Buffer.concat(dims.map((d) => d.raw))),
  ]);
  return Buffer.concat([
    ...fields.filter((f) => f.field !== 2).map((f) => f.raw),
    lengthField(2, lengthField(1, newTensorType)),
  ]);
}

function opsetOf(top: readonly Field[]): number {
  for (const f of top.filter((x) => x.field === 8)) {
    const parts = readFields(f.bytes);
    const domain = strings(parts, 1)[0] ?? '';
    if (domain !== '' && domain !== 'ai.onnx') continue;
    const version = parts.find((p) => p.field === 2);
    if (version) return varintValue(version.raw);
  }
  return 0;
}

/** gtcrn_simple.onnx's bytes turned into the block graph described above. */
export function gtcrnBlockGraph(model: Uint8Array): Uint8Array {
  const top = readFields(model);
  const graphField = top.find((f) => f.field === 7);
  if (!graphField) throw new Error('ONNX model has no graph');
  const opset = opsetOf(top);
  const graph = readFields(graphField.bytes);
  const nodes = graph.filter((f) => f.field === 1).map((f) => readNode(f.bytes));
  const inits = new Map(graph.filter((f) => f.field === 5).map(parseInitializer));
  const producer = new Map<string, NodeView>();
  for (const n of nodes) for (const o of n.outputs) producer.set(o, n);
  const added = new Map<string, Uint8Array>();
  const addInt64 = (name: string, values: readonly number[]): string => {
    if (!added.has(name)) {
      added.set(
        name,
        lengthField(5, encodeTensor({ name, type: 'int64', dims: [values.length], values })),
      );
    }
    return name;
  };
  const constInts = (name: string | undefined): bigint[] | undefined => {
    const init = name === undefined ? undefined : inits.get(name);
    return init && init.dataType === 7 ? int64Values(init) : undefined;
  };
  const counts = { reshape: 0, unfold: 0, gatherUnfold: 0, gruState: 0, cacheSlice: 0 };
  const unsqueeze = (input: string, output: string, axis: number): Uint8Array => {
    // Opset 13 moved Unsqueeze's axes from an attribute to an input.
    const axes: Pick<NodeSpec, 'inputs' | 'attributes'> =
      opset >= 13
        ? { inputs: [input, addInt64(`gtcrn_block_int_${axis}`, [axis])] }
        : { inputs: [input], attributes: { axes: attr.ints([axis]) } };
    return lengthField(
      1,
      encodeNode({ opType: 'Unsqueeze', outputs: [output], name: `${output}__unsqueeze`, ...axes }),
    );
  };

  const rewrite = (node: NodeView, raw: Uint8Array): Uint8Array => {
    const [data, second] = node.inputs;
    if (node.opType === 'Reshape') {
      const key = (constInts(second) ?? []).join(',');
      const block = RESHAPE_FOR_BLOCK[key];
      if (block) {
        counts.reshape++;
        return withInputs(node, [data!, addInt64(`${second}__block`, block)]);
      }
      if (!TIME_FREE_RESHAPES.has(key)) throw new Error(`GTCRN graph: unexpected Reshape [${key}]`);
      return raw;
    }
    if (node.opType === 'Gather' && attributeInt(node, 'axis') === BigInt(TIME_AXIS)) {
      const indices = second === undefined ? undefined : inits.get(second);
      const isFrameZero =
        indices?.dims.join(',') === '1,1' && (constInts(second) ?? []).join(',') === '0';
      if (!isFrameZero) throw new Error('GTCRN graph: unexpected Gather on the time axis');
      counts.unfold++;
      return unsqueeze(data!, node.outputs[0]!, TIME_AXIS);
    }
    if (node.opType === 'Gather' && attributeInt(node, 'axis') === BigInt(UNFOLD_AXIS)) {
      const indices = second === undefined ? undefined : inits.get(second);
      const [kernel, width] = (indices?.dims ?? []).map(Number);
      const values = constInts(second) ?? [];
      const isUnfold =
        kernel !== undefined &&
        width !== undefined &&
        values.length === kernel * width &&
        values.every((v, i) => Number(v) === (i % width) + Math.floor(i / width));
      if (!isUnfold) throw new Error('GTCRN graph: unexpected Gather on the frequency axis');
      counts.gatherUnfold++;
      // out[..., k, f] = in[..., f + k]: K contiguous slices stacked, not a per-element gather.
      const out = node.outputs[0]!;
      const pieces: Uint8Array[] = [];
      for (let k = 0; k < kernel; k++) {
        const slice = `${out}__slice${k}`;
        pieces.push(
          lengthField(
            1,
            encodeNode({
              opType: 'Slice',
              name: slice,
              inputs: [
                data!,
                addInt64(`gtcrn_block_int_${k}`, [k]),
                addInt64(`gtcrn_block_int_${k + width}`, [k + width]),
                addInt64(`gtcrn_block_int_${UNFOLD_AXIS}`, [UNFOLD_AXIS]),
              ],
              outputs: [slice],
            }),
          ),
          unsqueeze(slice, `${slice}__k`, UNFOLD_AXIS),
        );
      }
      pieces.push(
        lengthField(
          1,
          encodeNode({
            opType: 'Concat',
            name: `${out}__stack`,
            inputs: Array.from({ length: kernel }, (_, k) => `${out}__slice${k}__k`),
            outputs: [out],
            attributes: { axis: attr.int(UNFOLD_AXIS) },
          }),
        ),
      );
      return Buffer.concat(pieces);
    }
    if (node.opType === 'GRU' && node.inputs.length > 5 && node.inputs[5] !== '') {
      const state = inits.get(node.inputs[5]!);
      if (state === undefined) return raw; // a carried state (inter-frame, attention): kept
      if (!isAllZeroFloat(state)) throw new Error('GTCRN graph: GRU with a non-zero fixed state');
      counts.gruState++;
      return withInputs(node, node.inputs.slice(0, 5));
    }
    if (node.opType === 'Slice') {
      const starts = constInts(node.inputs[1]);
      const axes = constInts(node.inputs[3]);
      const concat = producer.get(data!);
      if (starts?.join(',') !== '1' || axes?.join(',') !== String(TIME_AXIS)) return raw;
      if (concat?.opType !== 'Concat' || attributeInt(concat, 'axis') !== BigInt(TIME_AXIS))
        return raw;
      const cached = producer.get(concat.inputs[0]!);
      const from = constInts(cached?.inputs[1]);
      const to = constInts(cached?.inputs[2]);
      if (cached?.opType !== 'Slice' || from?.length !== 1 || to?.length !== 1) {
        throw new Error('GTCRN graph: a cache refresh whose cache length is not constant');
      }
      const length = Number(to[0]! - from[0]!);
      counts.cacheSlice++;
      const inputs = [...node.inputs];
      inputs[1] = addInt64(`gtcrn_block_keep_last_${length}`, [-length]);
      return withInputs(node, inputs);
    }
    return raw;
  };

  const newGraph: Uint8Array[] = [];
  let nodeIndex = 0;
  for (const f of graph) {
    if (f.field === 1) newGraph.push(rewrite(nodes[nodeIndex++]!, f.raw));
    else if (f.field === 13)
      continue; // intermediate shape hints: one-frame shapes
    else if (f.field === 11 || f.field === 12) {
      const name = strings(readFields(f.bytes), 1)[0];
      const timed = name === FRAME_INPUT || name === FRAME_OUTPUT;
      newGraph.push(timed ? lengthField(f.field, withSymbolicTime(f.bytes)) : f.raw);
    } else newGraph.push(f.raw);
  }
  newGraph.push(...added.values());
  if (Object.values(counts).some((c) => c === 0)) {
    throw new Error(`GTCRN graph is not the expected streaming export (${JSON.stringify(counts)})`);
  }
  return new Uint8Array(
    Buffer.concat([
      ...top.filter((f) => f.field !== 7).map((f) => f.raw),
      lengthField(7, Buffer.concat(newGraph)),
    ]),
  );
}

/** The block graph as a session-cache derivation (cached apart from the plain file). */
export const GTCRN_BLOCK: ModelDerivation = {
  key: 'gtcrn-block-graph',
  transform: gtcrnBlockGraph,
};
