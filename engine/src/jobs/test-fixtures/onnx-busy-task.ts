/**
 * A worker task for the pool's shutdown tests: runs a real ONNX Runtime session in a loop
 * (a model written by inference/onnx-builder.ts, or any model file given), ignoring the cancel
 * signal while a call is inside the runtime, as every inference loop must between checks.
 */
import ort from 'onnxruntime-node';
import type { WorkerTask } from '../worker-protocol.ts';

export interface OnnxBusyInput {
  model: string;
  /** Feeds by input name: dims and a fill value. */
  feeds: Record<string, { dims: number[]; value: number }>;
  calls: number;
}

export const run: WorkerTask<OnnxBusyInput, { calls: number }> = async (input, ctx) => {
  const session = await ort.InferenceSession.create(input.model, { intraOpNumThreads: 1 });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, spec] of Object.entries(input.feeds)) {
    const size = spec.dims.reduce((a, b) => a * b, 1);
    feeds[name] = new ort.Tensor('float32', new Float32Array(size).fill(spec.value), spec.dims);
  }
  let done = 0;
  for (; done < input.calls; done++) {
    if (ctx.signal.aborted) break;
    await session.run(feeds);
    ctx.progress(((done + 1) / input.calls) * 100, 'inference');
  }
  await session.release();
  return { calls: done };
};
