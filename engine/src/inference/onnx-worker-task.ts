/**
 * Runs one ONNX model call inside an engine worker thread (jobs/worker-pool.ts), so inference
 * never blocks the event loop that serves HTTP. The worker keeps its own session cache for its
 * whole life: the first call pays for loading the model, later calls reuse the session.
 */
import ort from 'onnxruntime-node';
import { throwIfCancelled } from '../errors.ts';
import type { WorkerTask } from '../jobs/worker-protocol.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export type TensorData = Float32Array | BigInt64Array | Int32Array;

export interface TensorIn {
  type: 'float32' | 'int64' | 'int32';
  dims: number[];
  data: TensorData;
}

export interface OnnxTaskInput {
  modelPath: string;
  feeds: Record<string, TensorIn>;
  /** The user's provider override (config.executionProviders); null = choose. */
  executionProviders: string[] | null;
}

export interface TensorOut {
  dims: number[];
  data: TensorData;
}

// One cache per worker thread (this module is loaded once per worker); see the header comment.
let cache: SessionCache | null = null;

export const run: WorkerTask<OnnxTaskInput, Record<string, TensorOut>> = async (input, ctx) => {
  throwIfCancelled(ctx.signal);
  cache ??= createSessionCache({ executionProviders: input.executionProviders });
  const session = await cache.getSession(input.modelPath);
  throwIfCancelled(ctx.signal);
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, tensor] of Object.entries(input.feeds)) {
    feeds[name] = new ort.Tensor(tensor.type, tensor.data, tensor.dims);
  }
  const results = await session.run(feeds);
  const out: Record<string, TensorOut> = {};
  for (const [name, tensor] of Object.entries(results)) {
    out[name] = { dims: [...tensor.dims], data: tensor.data as TensorData };
  }
  return out;
};

/** The task's file URL for WorkerPool.run. */
export const ONNX_TASK = new URL(import.meta.url);
