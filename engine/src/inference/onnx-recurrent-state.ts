/**
 * Turns a batch export of a causal recurrent model (a whole sequence in, GRU states starting at
 * zero on every run and never returned) into one that can be run block after block with exactly
 * the result of a single run over the whole sequence:
 *
 * - every GRU node's `initial_h` becomes a graph input `recurrent_state_in_<k>` and its final
 *   state `Y_h` a graph output `recurrent_state_out_<k>` (k in node order), so a caller carries
 *   the state from one block into the next;
 * - the `Pad` nodes applied directly to the named graph inputs (the causal convolutions' zero
 *   history along time) become `Identity`, so the caller feeds those frames of real history
 *   itself in front of each block (zeros before the first, as the pad did).
 *
 * Why: DeepFilterNet's published graphs are such batch exports. Run over windows, each window's
 * GRUs restart from zero and the first frames' convolutions see zeros instead of the frames before
 * them, so a stream differs from the one-pass output the model was trained and evaluated with.
 * Weights and every other node stay byte for byte; only those nodes' wiring changes.
 *
 * Only the protobuf fields needed are read (see onnx-proto.ts): ModelProto.graph = 7;
 * GraphProto.node = 1, input = 11, output = 12; NodeProto.input = 1, output = 2, name = 3,
 * op_type = 4, attribute = 5; AttributeProto.name = 1, i = 3, s = 4; GraphProto.initializer = 5
 * with TensorProto.name = 8.
 */
import {
  attributeInt,
  attributeString,
  lengthField,
  readFields,
  readNode,
  stringField,
  strings,
  varintBytes,
  type Field,
  type NodeView,
} from './onnx-proto.ts';

export function recurrentStateInput(k: number): string {
  return `recurrent_state_in_${k}`;
}

export function recurrentStateOutput(k: number): string {
  return `recurrent_state_out_${k}`;
}

/** NodeProto with new input and output lists; name, op type, attributes and the rest kept. */
function rewire(node: NodeView, inputs: readonly string[], outputs: readonly string[]): Uint8Array {
  return Buffer.concat([
    ...inputs.map((n) => stringField(1, n)),
    ...outputs.map((n) => stringField(2, n)),
    ...node.fields.filter((f) => f.field !== 1 && f.field !== 2).map((f) => f.raw),
  ]);
}

/** ValueInfoProto: a float tensor with fixed dims. */
function floatValue(name: string, dims: readonly number[]): Uint8Array {
  const shape = Buffer.concat(
    dims.map((d) => lengthField(1, Buffer.from([0x08, ...varintBytes(d)]))), // Dimension.dim_value = 1
  );
  const tensorType = Buffer.concat([Buffer.from([0x08, 0x01]), lengthField(2, shape)]); // FLOAT
  return Buffer.concat([stringField(1, name), lengthField(2, lengthField(1, tensorType))]);
}

export interface RecurrentStateOptions {
  /** Graph inputs whose Pad nodes become Identity: the caller now supplies that history. */
  historyInputs?: readonly string[];
}

/** The model bytes with GRU states exposed and the named inputs' pads removed (see file doc). */
export function exposeRecurrentState(
  model: Uint8Array,
  options: RecurrentStateOptions = {},
): Uint8Array {
  const top = readFields(model);
  const graphField = top.find((f) => f.field === 7);
  if (!graphField) throw new Error('ONNX model has no graph');
  const graph = readFields(graphField.bytes);
  const history = new Set(options.historyInputs ?? []);
  const padded = new Set<string>();
  /** Inputs of the removed pads (their amounts and fill value), dropped below if now unused. */
  const released = new Set<string>();
  const newInputs: Uint8Array[] = [];
  const newOutputs: Uint8Array[] = [];
  let grus = 0;
  const nodes = graph
    .filter((f) => f.field === 1)
    .map((f) => {
      const node = readNode(f.bytes);
      if (node.opType === 'GRU') {
        const direction = attributeString(node, 'direction') ?? 'forward';
        const hiddenSize = attributeInt(node, 'hidden_size');
        const hidden = hiddenSize === undefined ? undefined : Number(hiddenSize);
        if (direction !== 'forward' || hidden === undefined) {
          throw new Error(`GRU ${grus}: only forward GRUs with a hidden_size are supported`);
        }
        const k = grus++;
        const inputs = [...node.inputs];
        while (inputs.length < 6) inputs.push('');
        inputs[5] = recurrentStateInput(k);
        const outputs = [...node.outputs];
        while (outputs.length < 2) outputs.push('');
        outputs[1] = recurrentStateOutput(k);
        // initial_h and Y_h are [num_directions, batch, hidden]; batch 1.
        newInputs.push(floatValue(recurrentStateInput(k), [1, 1, hidden]));
        newOutputs.push(floatValue(recurrentStateOutput(k), [1, 1, hidden]));
        return lengthField(1, rewire(node, inputs, outputs));
      }
      if (node.opType === 'Pad' && history.has(node.inputs[0] ?? '')) {
        padded.add(node.inputs[0]!);
        for (const name of node.inputs.slice(1)) released.add(name);
        const identity = Buffer.concat([
          stringField(1, node.inputs[0]!),
          ...node.outputs.map((n) => stringField(2, n)),
          ...node.fields.filter((x) => x.field === 3).map((x) => x.raw),
          stringField(4, 'Identity'),
        ]);
        return lengthField(1, identity);
      }
      return f.raw;
    });
  for (const name of history) {
    if (!padded.has(name)) throw new Error(`no Pad node reads the graph input ${name}`);
  }
  const views = nodes.map((n) => readNode(readFields(n)[0]!.bytes));
  const used = new Set(views.flatMap((v) => v.inputs));
  // A removed pad's amounts or fill value may be a Constant node's output that nothing else reads.
  const keptNodes = nodes.filter(
    (_, i) =>
      views[i]!.opType !== 'Constant' ||
      !views[i]!.outputs.every((o) => released.has(o) && !used.has(o)),
  );
  // TensorProto.name = 8; ONNX Runtime warns about every initializer no node reads.
  const unused = (f: Field): boolean => {
    if (f.field !== 5) return false;
    const name = strings(readFields(f.bytes), 8)[0];
    return name !== undefined && released.has(name) && !used.has(name);
  };
  const rest = graph.filter((f) => f.field !== 1 && !unused(f));
  const newGraph = Buffer.concat([
    ...keptNodes,
    ...rest.filter((f) => f.field !== 12).map((f) => f.raw),
    ...newInputs.map((v) => lengthField(11, v)),
    ...rest.filter((f) => f.field === 12).map((f) => f.raw),
    ...newOutputs.map((v) => lengthField(12, v)),
  ]);
  return new Uint8Array(
    Buffer.concat([
      ...top.filter((f) => f.field !== 7).map((f) => f.raw),
      lengthField(7, newGraph),
    ]),
  );
}
