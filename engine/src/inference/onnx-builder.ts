/**
 * A small, general ONNX model writer. Tests and benches need real models that run in the real
 * ONNX Runtime (ARCHITECTURE.md: "tiny test models the project generates") without downloading
 * anything, so the protobuf (onnx/onnx.proto, proto2) is encoded by hand: only the fields a
 * plain graph needs.
 *
 * API
 * ```ts
 * const bytes = buildModel({
 *   opset: 17,                                   // default 17; IR version follows the opset
 *   metadata: { sample_rate: '22050' },          // ModelProto.metadata_props
 *   graph: {
 *     name: 'demo',
 *     inputs: [valueInfo('x', 'float32', ['n'])],          // string dim = symbolic
 *     outputs: [valueInfo('y', 'float32', ['n'])],
 *     initializers: [tensor('k', 'float32', [1], [2])],    // float32 | int64 | int32 | bool
 *     nodes: [node('Mul', ['x', 'k'], ['y'], { /* attrs *\/ })],
 *   },
 * });
 * ```
 * Attributes are typed explicitly, because ONNX rejects an int where it wants a float:
 * `attr.int(1)`, `attr.float(0.5)`, `attr.ints([0, -1])`, `attr.floats([…])`,
 * `attr.string('linear')`, `attr.tensor(tensor(...))`, `attr.graph(graph)` (If/Loop bodies).
 * Negative integers are encoded as two's-complement int64 varints. Tensor data is written as
 * little-endian raw_data. The result is the serialized ModelProto, ready for
 * `InferenceSession.create(bytes)` or a file. `withMetadata(bytes, {...})` adds metadata_props
 * to any existing serialized model.
 */

export type ElemType = 'float32' | 'int64' | 'int32' | 'bool';

/** onnx.TensorProto.DataType */
const DATA_TYPE: Record<ElemType, number> = { float32: 1, int32: 6, int64: 7, bool: 9 };

/** A named typed graph input, output or value_info; a string dim is symbolic (e.g. "n"). */
export interface ValueInfo {
  name: string;
  type: ElemType;
  dims: readonly (number | string)[];
}

export type TensorValues =
  | readonly number[]
  | readonly bigint[]
  | readonly boolean[]
  | Float32Array
  | BigInt64Array
  | Int32Array;

export interface TensorSpec {
  name: string;
  type: ElemType;
  dims: readonly number[];
  values: TensorValues;
}

export type AttributeValue =
  | { kind: 'int'; value: number | bigint }
  | { kind: 'float'; value: number }
  | { kind: 'ints'; value: readonly (number | bigint)[] }
  | { kind: 'floats'; value: readonly number[] }
  | { kind: 'string'; value: string }
  | { kind: 'tensor'; value: TensorSpec }
  | { kind: 'graph'; value: GraphSpec };

export interface NodeSpec {
  opType: string;
  inputs: readonly string[];
  outputs: readonly string[];
  name?: string;
  /** Operator domain; '' (default) is the standard ai.onnx domain. */
  domain?: string;
  attributes?: Readonly<Record<string, AttributeValue>>;
}

export interface GraphSpec {
  name?: string;
  inputs: readonly ValueInfo[];
  outputs: readonly ValueInfo[];
  initializers?: readonly TensorSpec[];
  nodes: readonly NodeSpec[];
  /** Optional type/shape hints for intermediate values. */
  valueInfo?: readonly ValueInfo[];
}

export interface ModelSpec {
  graph: GraphSpec;
  /** Default opset version of the ai.onnx domain; default 17. */
  opset?: number;
  /** ModelProto.ir_version; default chosen from the opset (8 up to 17, 9 up to 20, else 10). */
  irVersion?: number;
  producerName?: string;
  /** ModelProto.metadata_props (key/value strings), e.g. what sherpa-onnx reads from a voice. */
  metadata?: Readonly<Record<string, string>>;
}

// ---- convenience constructors ------------------------------------------------------------

export function valueInfo(
  name: string,
  type: ElemType,
  dims: readonly (number | string)[],
): ValueInfo {
  return { name, type, dims };
}

export function tensor(
  name: string,
  type: ElemType,
  dims: readonly number[],
  values: TensorValues,
): TensorSpec {
  return { name, type, dims, values };
}

export function node(
  opType: string,
  inputs: readonly string[],
  outputs: readonly string[],
  attributes?: Readonly<Record<string, AttributeValue>>,
  name?: string,
): NodeSpec {
  return { opType, inputs, outputs, attributes, name };
}

export const attr = {
  int: (value: number | bigint): AttributeValue => ({ kind: 'int', value }),
  float: (value: number): AttributeValue => ({ kind: 'float', value }),
  ints: (value: readonly (number | bigint)[]): AttributeValue => ({ kind: 'ints', value }),
  floats: (value: readonly number[]): AttributeValue => ({ kind: 'floats', value }),
  string: (value: string): AttributeValue => ({ kind: 'string', value }),
  tensor: (value: TensorSpec): AttributeValue => ({ kind: 'tensor', value }),
  graph: (value: GraphSpec): AttributeValue => ({ kind: 'graph', value }),
};

// ---- protobuf encoding -------------------------------------------------------------------

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
const WIRE_FIXED32 = 5;

/** Bytes of one message, kept as a list of pieces and joined once. */
type Pieces = Uint8Array[];

function varint(value: number | bigint): Uint8Array {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

function key(field: number, wire: number): Uint8Array {
  return varint((field << 3) | wire);
}

function join(pieces: Pieces): Uint8Array {
  return Buffer.concat(pieces);
}

function intField(out: Pieces, field: number, value: number | bigint): void {
  out.push(key(field, WIRE_VARINT), varint(value));
}

function floatField(out: Pieces, field: number, value: number): void {
  const bytes = Buffer.alloc(4);
  bytes.writeFloatLE(value, 0);
  out.push(key(field, WIRE_FIXED32), bytes);
}

function bytesField(out: Pieces, field: number, bytes: Uint8Array): void {
  out.push(key(field, WIRE_BYTES), varint(bytes.length), bytes);
}

function stringField(out: Pieces, field: number, text: string): void {
  bytesField(out, field, Buffer.from(text, 'utf8'));
}

function messageField(out: Pieces, field: number, message: Pieces): void {
  bytesField(out, field, join(message));
}

function elementCount(dims: readonly number[]): number {
  return dims.reduce((a, b) => a * b, 1);
}

function rawData(spec: TensorSpec): Uint8Array {
  const values = spec.values;
  const count = values.length;
  if (count !== elementCount(spec.dims)) {
    throw new Error(
      `tensor ${spec.name}: ${count} values do not fill dims [${spec.dims.join(', ')}]`,
    );
  }
  switch (spec.type) {
    case 'float32': {
      const data = values instanceof Float32Array ? values : new Float32Array(count);
      if (data !== values) for (let i = 0; i < count; i++) data[i] = Number(values[i]);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    case 'int64': {
      const data = values instanceof BigInt64Array ? values : new BigInt64Array(count);
      if (data !== values) for (let i = 0; i < count; i++) data[i] = BigInt(values[i] ?? 0);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    case 'int32': {
      const data = values instanceof Int32Array ? values : new Int32Array(count);
      if (data !== values) for (let i = 0; i < count; i++) data[i] = Number(values[i]);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    case 'bool': {
      const data = new Uint8Array(count);
      for (let i = 0; i < count; i++) data[i] = values[i] ? 1 : 0;
      return data;
    }
  }
}

/** TensorProto: dims=1, data_type=2, name=8, raw_data=9. */
function tensorProto(spec: TensorSpec): Pieces {
  const out: Pieces = [];
  for (const d of spec.dims) intField(out, 1, d);
  intField(out, 2, DATA_TYPE[spec.type]);
  stringField(out, 8, spec.name);
  bytesField(out, 9, rawData(spec));
  return out;
}

/** ValueInfoProto { name=1, type=2 { tensor_type=1 { elem_type=1, shape=2 { dim=1 } } } }. */
function valueInfoProto(info: ValueInfo): Pieces {
  const shape: Pieces = [];
  for (const d of info.dims) {
    const dim: Pieces = [];
    if (typeof d === 'number') intField(dim, 1, d);
    else stringField(dim, 2, d);
    messageField(shape, 1, dim);
  }
  const tensorType: Pieces = [];
  intField(tensorType, 1, DATA_TYPE[info.type]);
  messageField(tensorType, 2, shape);
  const type: Pieces = [];
  messageField(type, 1, tensorType);
  const out: Pieces = [];
  stringField(out, 1, info.name);
  messageField(out, 2, type);
  return out;
}

/** AttributeProto.AttributeType */
const ATTR_TYPE = { float: 1, int: 2, string: 3, tensor: 4, graph: 5, floats: 6, ints: 7 };

/** AttributeProto: name=1, f=2, i=3, s=4, t=5, g=6, floats=7, ints=8, type=20. */
function attributeProto(name: string, value: AttributeValue): Pieces {
  const out: Pieces = [];
  stringField(out, 1, name);
  switch (value.kind) {
    case 'float':
      floatField(out, 2, value.value);
      break;
    case 'int':
      intField(out, 3, value.value);
      break;
    case 'string':
      stringField(out, 4, value.value);
      break;
    case 'tensor':
      messageField(out, 5, tensorProto(value.value));
      break;
    case 'graph':
      messageField(out, 6, graphProto(value.value));
      break;
    case 'floats':
      for (const f of value.value) floatField(out, 7, f);
      break;
    case 'ints':
      for (const i of value.value) intField(out, 8, i);
      break;
  }
  intField(out, 20, ATTR_TYPE[value.kind]);
  return out;
}

/** NodeProto: input=1, output=2, name=3, op_type=4, attribute=5, domain=7. */
function nodeProto(spec: NodeSpec, index: number): Pieces {
  const out: Pieces = [];
  for (const i of spec.inputs) stringField(out, 1, i);
  for (const o of spec.outputs) stringField(out, 2, o);
  stringField(out, 3, spec.name ?? `${spec.opType.toLowerCase()}_${index}`);
  stringField(out, 4, spec.opType);
  for (const [name, value] of Object.entries(spec.attributes ?? {})) {
    messageField(out, 5, attributeProto(name, value));
  }
  if (spec.domain) stringField(out, 7, spec.domain);
  return out;
}

/** GraphProto: node=1, name=2, initializer=5, input=11, output=12, value_info=13. */
function graphProto(spec: GraphSpec): Pieces {
  const out: Pieces = [];
  spec.nodes.forEach((n, i) => messageField(out, 1, nodeProto(n, i)));
  stringField(out, 2, spec.name ?? 'tapehouse-graph');
  for (const t of spec.initializers ?? []) messageField(out, 5, tensorProto(t));
  for (const i of spec.inputs) messageField(out, 11, valueInfoProto(i));
  for (const o of spec.outputs) messageField(out, 12, valueInfoProto(o));
  for (const v of spec.valueInfo ?? []) messageField(out, 13, valueInfoProto(v));
  return out;
}

/** One serialized NodeProto, e.g. to splice into an existing graph (onnx-proto.ts reads those). */
export function encodeNode(spec: NodeSpec): Uint8Array {
  return new Uint8Array(join(nodeProto(spec, 0)));
}

/** One serialized TensorProto (an initializer). */
export function encodeTensor(spec: TensorSpec): Uint8Array {
  return new Uint8Array(join(tensorProto(spec)));
}

function defaultIrVersion(opset: number): number {
  if (opset <= 17) return 8;
  if (opset <= 20) return 9;
  return 10;
}

/**
 * Serializes a ModelProto: ir_version=1, producer_name=2, graph=7, opset_import=8,
 * metadata_props=14.
 */
export function buildModel(spec: ModelSpec): Uint8Array {
  const opset = spec.opset ?? 17;
  const out: Pieces = [];
  intField(out, 1, spec.irVersion ?? defaultIrVersion(opset));
  stringField(out, 2, spec.producerName ?? 'tapehouse');
  messageField(out, 7, graphProto(spec.graph));
  const opsetId: Pieces = [];
  stringField(opsetId, 1, '');
  intField(opsetId, 2, opset);
  messageField(out, 8, opsetId);
  out.push(metadataProps(spec.metadata ?? {}));
  // A fresh, unpooled copy: Buffer.concat may return a view into Node's shared pool.
  return new Uint8Array(join(out));
}

/** ModelProto.metadata_props entries (field 14), serialized. */
function metadataProps(metadata: Readonly<Record<string, string>>): Uint8Array {
  const out: Pieces = [];
  for (const [k, v] of Object.entries(metadata)) {
    const entry: Pieces = [];
    stringField(entry, 1, k);
    stringField(entry, 2, v);
    messageField(out, 14, entry);
  }
  return join(out);
}

/**
 * An existing serialized model with metadata_props entries added. Protobuf merges repeated
 * fields appended at the end of a message, so the graph and weights stay byte for byte as they
 * were (what sherpa-onnx's add_meta_data scripts do to Piper voices).
 */
export function withMetadata(
  model: Uint8Array,
  metadata: Readonly<Record<string, string>>,
): Uint8Array {
  return new Uint8Array(Buffer.concat([model, metadataProps(metadata)]));
}
