/**
 * Tiny ONNX models written byte by byte, so tests exercise the real ONNX Runtime without any
 * downloaded model (ARCHITECTURE.md: "tiny test models the project generates"). Only the few
 * protobuf fields a one-node graph needs are encoded (onnx/onnx.proto field numbers).
 */

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;

const FLOAT = 1;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

function key(field: number, wire: number): number[] {
  return varint((field << 3) | wire);
}

function intField(field: number, value: number): number[] {
  return [...key(field, WIRE_VARINT), ...varint(value)];
}

function bytesField(field: number, bytes: ArrayLike<number>): number[] {
  return [...key(field, WIRE_BYTES), ...varint(bytes.length), ...Array.from(bytes)];
}

function stringField(field: number, text: string): number[] {
  return bytesField(field, Buffer.from(text, 'utf8'));
}

/** ValueInfoProto for a float tensor; a string dim is symbolic (e.g. "n"). */
function floatTensorInfo(name: string, dims: (number | string)[]): number[] {
  const shape = dims.flatMap((d) =>
    bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)),
  );
  const tensorType = [...intField(1, FLOAT), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

function floatInitializer(name: string, dims: number[], values: number[]): number[] {
  const raw = Buffer.from(new Float32Array(values).buffer);
  return [
    ...dims.flatMap((d) => intField(1, d)),
    ...intField(2, FLOAT),
    ...stringField(8, name),
    ...bytesField(9, raw),
  ];
}

/**
 * A model computing `y = x * factor` for a float32 vector x of any length:
 * input "x" [n], output "y" [n]. Opset 13, IR version 8.
 */
export function scaleModel(factor: number): Uint8Array {
  const node = [
    ...stringField(1, 'x'),
    ...stringField(1, 'factor'),
    ...stringField(2, 'y'),
    ...stringField(3, 'scale'),
    ...stringField(4, 'Mul'),
  ];
  const graph = [
    ...bytesField(1, node),
    ...stringField(2, 'tapehouse-tiny-scale'),
    ...bytesField(5, floatInitializer('factor', [1], [factor])),
    ...bytesField(11, floatTensorInfo('x', ['n'])),
    ...bytesField(12, floatTensorInfo('y', ['n'])),
  ];
  const opset = [...stringField(1, ''), ...intField(2, 13)];
  const model = [
    ...intField(1, 8),
    ...stringField(2, 'tapehouse-tests'),
    ...bytesField(7, graph),
    ...bytesField(8, opset),
  ];
  return Uint8Array.from(model);
}
