/**
 * Wraps a one-frame streaming model (frame + state in, frame + next state out) in an ONNX `Scan`
 * so that ONE session run processes K frames: ONNX Runtime loops over the frames in C++, carrying
 * the states from frame to frame exactly as a caller would, and the weights and operators stay
 * the published model's own, byte for byte (the original graph becomes the Scan body; only the
 * order of its declared inputs and outputs changes, which Scan prescribes: states first).
 *
 * Why: a streaming denoiser like GTCRN runs one 16 ms STFT frame per call. Each call from Node
 * costs a hop through the event loop, N-API marshalling and ONNX Runtime's per-run setup, which
 * is a large share of the work for a graph this small; one run per block removes it (measured in
 * `npm run bench -- denoise`).
 *
 * Only the protobuf fields needed are read (ModelProto.graph = 7; GraphProto.input = 11,
 * output = 12; ValueInfoProto.name = 1); everything else is copied through as raw bytes.
 */

export interface Field {
  field: number;
  /** Payload of a length-delimited field (wire type 2); empty for other wire types. */
  bytes: Uint8Array;
  /** The whole encoded field: key, length and payload. */
  raw: Uint8Array;
}

export function readFields(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (pos >= buf.length) throw new Error('truncated protobuf varint');
      const byte = buf[pos++]!;
      result += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return result;
      scale *= 128;
    }
  };
  while (pos < buf.length) {
    const start = pos;
    const key = varint();
    const wire = key % 8;
    const field = Math.floor(key / 8);
    let bytes: Uint8Array = new Uint8Array(0);
    if (wire === 0) varint();
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      const length = varint();
      bytes = buf.subarray(pos, pos + length);
      pos += length;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (pos > buf.length) throw new Error('truncated protobuf field');
    fields.push({ field, bytes, raw: buf.subarray(start, pos) });
  }
  return fields;
}

function varintBytes(value: number): Uint8Array {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Uint8Array.from(out);
}

export function lengthField(field: number, payload: Uint8Array): Uint8Array {
  return Buffer.concat([varintBytes(field * 8 + 2), varintBytes(payload.length), payload]);
}

export function stringField(field: number, text: string): Uint8Array {
  return lengthField(field, Buffer.from(text, 'utf8'));
}

export function intField(field: number, value: number): Uint8Array {
  return Buffer.concat([varintBytes(field * 8), varintBytes(value)]);
}

const decoder = new TextDecoder();

function valueName(valueInfo: Uint8Array): string {
  const name = readFields(valueInfo).find((f) => f.field === 1);
  if (!name) throw new Error('graph value without a name');
  return decoder.decode(name.bytes);
}

/** ValueInfoProto with `name` and the type of `template`, the leading `prefixDims` prepended. */
function renamedValue(
  template: Uint8Array,
  name: string,
  prefixDims: readonly string[],
): Uint8Array {
  const fields = readFields(template);
  const type = fields.find((f) => f.field === 2);
  if (!type) throw new Error(`graph value ${valueName(template)} has no type`);
  let typeBytes = type.bytes;
  if (prefixDims.length > 0) {
    // TypeProto.tensor_type = 1 { elem_type = 1, shape = 2 { dim = 1 { dim_param = 2 } } }
    const tensorType = readFields(type.bytes).find((f) => f.field === 1);
    if (!tensorType) throw new Error(`graph value ${valueName(template)} is not a tensor`);
    const parts = readFields(tensorType.bytes);
    const shape = parts.find((f) => f.field === 2);
    const dims = [
      ...prefixDims.map((d) => lengthField(1, stringField(2, d))),
      ...(shape ? readFields(shape.bytes).map((f) => f.raw) : []),
    ];
    const newTensorType = Buffer.concat([
      ...parts.filter((f) => f.field !== 2).map((f) => f.raw),
      lengthField(2, Buffer.concat(dims)),
    ]);
    typeBytes = lengthField(1, newTensorType);
  }
  return Buffer.concat([stringField(1, name), lengthField(2, typeBytes)]);
}

/** The model's ai.onnx opset (OperatorSetIdProto: domain = 1, version = 2 in field 8). */
function defaultOpset(top: Field[]): number {
  for (const f of top.filter((x) => x.field === 8)) {
    const parts = readFields(f.bytes);
    const domain = parts.find((p) => p.field === 1);
    if (domain && domain.bytes.length > 0 && decoder.decode(domain.bytes) !== 'ai.onnx') continue;
    const version = parts.find((p) => p.field === 2);
    if (version) return varintValue(version.raw);
  }
  return 0;
}

/** The value of a varint field from its raw bytes (key first). */
function varintValue(raw: Uint8Array): number {
  let pos = 0;
  while (raw[pos]! & 0x80) pos++;
  pos++; // past the key
  let result = 0;
  let scale = 1;
  for (; pos < raw.length; pos++) {
    result += (raw[pos]! & 0x7f) * scale;
    scale *= 128;
  }
  return result;
}

export interface ScanWrapSpec {
  /** Carried states as [input name, output name] of the one-frame model. */
  states: readonly (readonly [string, string])[];
  /** The per-frame input and output of the one-frame model. */
  frameInput: string;
  frameOutput: string;
}

/** Names of the wrapped model's inputs and outputs. */
export interface ScanNames {
  /** Outer input/output for each state, in `states` order. */
  stateInputs: string[];
  stateOutputs: string[];
  /** [K, ...frame dims]: the frames to process and their results. */
  framesInput: string;
  framesOutput: string;
}

export function scanNames(spec: ScanWrapSpec): ScanNames {
  return {
    stateInputs: spec.states.map(([input]) => `scan_${input}`),
    stateOutputs: spec.states.map(([, output]) => `scan_${output}`),
    framesInput: `scan_${spec.frameInput}_frames`,
    framesOutput: `scan_${spec.frameOutput}_frames`,
  };
}

/** The model bytes with its graph wrapped in a Scan over a leading frame axis (see file doc). */
export function wrapInScan(model: Uint8Array, spec: ScanWrapSpec): Uint8Array {
  const top = readFields(model);
  const graphField = top.find((f) => f.field === 7);
  if (!graphField) throw new Error('ONNX model has no graph');
  const opset = defaultOpset(top);
  if (opset < 9) throw new Error(`Scan needs opset 9 or later (the model has ${opset})`);
  const graph = readFields(graphField.bytes);
  const inputs = new Map(graph.filter((f) => f.field === 11).map((f) => [valueName(f.bytes), f]));
  const outputs = new Map(graph.filter((f) => f.field === 12).map((f) => [valueName(f.bytes), f]));
  const pick = (map: Map<string, Field>, name: string, what: string): Field => {
    const found = map.get(name);
    if (!found) throw new Error(`the model has no ${what} named ${name}`);
    return found;
  };
  const bodyInputs = [...spec.states.map(([i]) => i), spec.frameInput].map((n) =>
    pick(inputs, n, 'input'),
  );
  const bodyOutputs = [...spec.states.map(([, o]) => o), spec.frameOutput].map((n) =>
    pick(outputs, n, 'output'),
  );
  if (bodyInputs.length !== inputs.size || bodyOutputs.length !== outputs.size) {
    throw new Error('every input and output of the model must be a state or the frame');
  }
  const body = Buffer.concat([
    ...graph.filter((f) => f.field !== 11 && f.field !== 12).map((f) => f.raw),
    ...bodyInputs.map((f) => f.raw),
    ...bodyOutputs.map((f) => f.raw),
  ]);
  const names = scanNames(spec);
  // AttributeProto: name = 1, i = 3, g = 6, type = 20 (INT = 2, GRAPH = 5).
  const bodyAttr = Buffer.concat([stringField(1, 'body'), lengthField(6, body), intField(20, 5)]);
  const countAttr = Buffer.concat([
    stringField(1, 'num_scan_inputs'),
    intField(3, 1),
    intField(20, 2),
  ]);
  // NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5.
  const scanNode = Buffer.concat([
    ...[...names.stateInputs, names.framesInput].map((n) => stringField(1, n)),
    ...[...names.stateOutputs, names.framesOutput].map((n) => stringField(2, n)),
    stringField(3, 'frame_scan'),
    stringField(4, 'Scan'),
    lengthField(5, bodyAttr),
    lengthField(5, countAttr),
  ]);
  const outerGraph = Buffer.concat([
    lengthField(1, scanNode),
    stringField(2, 'frame_scan'),
    ...spec.states.map(([i], k) =>
      lengthField(11, renamedValue(pick(inputs, i, 'input').bytes, names.stateInputs[k]!, [])),
    ),
    lengthField(
      11,
      renamedValue(pick(inputs, spec.frameInput, 'input').bytes, names.framesInput, ['frames']),
    ),
    ...spec.states.map(([, o], k) =>
      lengthField(12, renamedValue(pick(outputs, o, 'output').bytes, names.stateOutputs[k]!, [])),
    ),
    lengthField(
      12,
      renamedValue(pick(outputs, spec.frameOutput, 'output').bytes, names.framesOutput, ['frames']),
    ),
  ]);
  return new Uint8Array(
    Buffer.concat([
      ...top.filter((f) => f.field !== 7).map((f) => f.raw),
      lengthField(7, outerGraph),
    ]),
  );
}
