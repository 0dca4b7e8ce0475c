/**
 * Protobuf wire-format pieces for editing serialized ONNX models in place
 * (onnx-recurrent-state.ts, features/cleanup/gtcrn-block-graph.ts): a message is read as its list of fields, each kept
 * with its raw bytes, so whatever an edit does not touch is copied through byte for byte.
 * Writing whole new messages is onnx-builder.ts's job.
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

/** Varints from `bytes` read as two's-complement int64 (a packed repeated field's payload). */
export function readInt64s(bytes: Uint8Array): bigint[] {
  const out: bigint[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= bytes.length) throw new Error('truncated protobuf varint');
      const byte = bytes[pos++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7n;
    }
    out.push(BigInt.asIntN(64, value));
  }
  return out;
}

/** The value of a varint field from its raw bytes (key first), as int64. */
export function varintInt64(raw: Uint8Array): bigint {
  let pos = 0;
  while (raw[pos]! & 0x80) pos++;
  return readInt64s(raw.subarray(pos + 1))[0] ?? 0n;
}

/** The value of a small non-negative varint field from its raw bytes (key first). */
export function varintValue(raw: Uint8Array): number {
  return Number(varintInt64(raw));
}

/** A non-negative integer as protobuf varint bytes. */
export function varintBytes(value: number): Uint8Array {
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

/** The strings of a repeated string field, in order. */
export function strings(fields: readonly Field[], field: number): string[] {
  return fields.filter((f) => f.field === field).map((f) => decoder.decode(f.bytes));
}

/** A NodeProto read for editing: its fields (raw, for copying through) and its wiring. */
export interface NodeView {
  fields: Field[];
  opType: string;
  inputs: string[];
  outputs: string[];
}

/** NodeProto.input = 1, output = 2, op_type = 4. */
export function readNode(bytes: Uint8Array): NodeView {
  const fields = readFields(bytes);
  return {
    fields,
    opType: strings(fields, 4)[0] ?? '',
    inputs: strings(fields, 1),
    outputs: strings(fields, 2),
  };
}

/** The fields of the node's attribute `name` (NodeProto.attribute = 5, AttributeProto.name = 1). */
function attribute(node: NodeView, name: string): Field[] | undefined {
  for (const a of node.fields.filter((f) => f.field === 5)) {
    const parts = readFields(a.bytes);
    if (strings(parts, 1)[0] === name) return parts;
  }
  return undefined;
}

/** An int attribute's value (AttributeProto.i = 3). */
export function attributeInt(node: NodeView, name: string): bigint | undefined {
  const value = attribute(node, name)?.find((f) => f.field === 3);
  return value ? varintInt64(value.raw) : undefined;
}

/** A string attribute's value (AttributeProto.s = 4). */
export function attributeString(node: NodeView, name: string): string | undefined {
  const parts = attribute(node, name);
  return parts === undefined ? undefined : strings(parts, 4)[0];
}
