/**
 * Reads a model's metadata_props (ModelProto field 14) straight from the serialized bytes,
 * without creating an inference session: tools check what a model declares (e.g. whether a
 * Piper voice carries the metadata sherpa-onnx needs) before handing it to code that would
 * abort the process on a missing key. Only top-level fields are walked; tensors are skipped.
 */

function readVarint(bytes: Uint8Array, at: number): { value: bigint; next: number } {
  let value = 0n;
  let shift = 0n;
  let i = at;
  for (;;) {
    if (i >= bytes.length) throw new Error('truncated varint');
    const b = bytes[i++] ?? 0;
    value |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return { value, next: i };
    shift += 7n;
  }
}

/** Top-level fields of one protobuf message: [field number, bytes] for length-delimited ones. */
function lengthDelimited(bytes: Uint8Array): [number, Uint8Array][] {
  const out: [number, Uint8Array][] = [];
  let at = 0;
  while (at < bytes.length) {
    const key = readVarint(bytes, at);
    at = key.next;
    const field = Number(key.value >> 3n);
    switch (Number(key.value & 7n)) {
      case 0:
        at = readVarint(bytes, at).next;
        break;
      case 1:
        at += 8;
        break;
      case 2: {
        const length = readVarint(bytes, at);
        const end = length.next + Number(length.value);
        if (end > bytes.length) throw new Error('truncated field');
        out.push([field, bytes.subarray(length.next, end)]);
        at = end;
        break;
      }
      case 5:
        at += 4;
        break;
      default:
        throw new Error(`unsupported wire type in field ${field}`);
    }
  }
  return out;
}

/** metadata_props of a serialized ONNX model; throws on bytes that are not a protobuf. */
export function readOnnxMetadata(model: Uint8Array): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [field, value] of lengthDelimited(model)) {
    if (field !== 14) continue;
    let key = '';
    let text = '';
    for (const [f, v] of lengthDelimited(value)) {
      if (f === 1) key = Buffer.from(v).toString('utf8');
      if (f === 2) text = Buffer.from(v).toString('utf8');
    }
    metadata[key] = text;
  }
  return metadata;
}
