/**
 * A generated ONNX model whose one call takes a while on one CPU thread (a chain of square
 * MatMuls), so a test can stop the engine while a call is inside ONNX Runtime.
 */
import fs from 'node:fs';
import { buildModel, node, valueInfo } from '../../inference/onnx-builder.ts';

export const SLOW_MATMUL_SIZE = 768;

export function writeSlowMatmulModel(file: string, chain = 12): string {
  const n = SLOW_MATMUL_SIZE;
  const nodes = Array.from({ length: chain }, (_, i) =>
    node('MatMul', [i === 0 ? 'x' : `y${i - 1}`, 'x'], [i === chain - 1 ? 'y' : `y${i}`]),
  );
  fs.writeFileSync(
    file,
    buildModel({
      graph: {
        inputs: [valueInfo('x', 'float32', [n, n])],
        outputs: [valueInfo('y', 'float32', [n, n])],
        nodes,
      },
    }),
  );
  return file;
}
