/**
 * Protobuf wire-format pieces for editing serialized ONNX models in place
 * (features/cleanup/gtcrn-block-graph.ts): a message is read as its list of fields, each kept
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
