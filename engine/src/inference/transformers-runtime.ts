/**
 * @huggingface/transformers (transformers.js) as this engine runs it: on OUR onnxruntime-node
 * binding, with nothing fetched, ever (docs/api/translation.md, "Runtime").
 *
 * - The library looks for a runtime under `Symbol.for('onnxruntime')` before loading its own
 *   import of onnxruntime-node; we put ours there before the first import, so both use one
 *   native binding and one `Tensor` class (npm also dedupes the package: transformers 4.3.2 pins
 *   onnxruntime-node 1.30.0, our version). `assertSharedRuntime` checks it after loading.
 * - Sessions are not the library's: callers create them with the engine's session cache
 *   (inference/session-cache.ts: our execution-provider choice, thread and arena settings) and
 *   hand them to the model classes, so no model file is ever opened by the library.
 * - Remote and local model loading, its file-system cache, the WASM cache and `fetch` are all
 *   switched off: a code path that would download throws instead.
 */
import type * as TransformersModule from '@huggingface/transformers';
import ort from 'onnxruntime-node';
import { AppError } from '../errors.ts';

export type Transformers = typeof TransformersModule;

const ORT_SYMBOL = Symbol.for('onnxruntime');

let loading: Promise<Transformers> | null = null;

function refuseFetch(input: unknown): Promise<never> {
  return Promise.reject(
    new AppError(
      'internal_error',
      `transformers.js tried to fetch ${String(input)}; this engine never downloads models at run time`,
    ),
  );
}

/** The library, loaded once per thread and locked to local, pre-verified files. */
export function loadTransformers(): Promise<Transformers> {
  loading ??= (async () => {
    (globalThis as Record<symbol, unknown>)[ORT_SYMBOL] ??= ort;
    const tf = await import('@huggingface/transformers');
    tf.env.allowRemoteModels = false;
    tf.env.allowLocalModels = false;
    tf.env.useFSCache = false;
    tf.env.useBrowserCache = false;
    tf.env.useWasmCache = false;
    tf.env.useCustomCache = false;
    tf.env.fetch = refuseFetch;
    assertSharedRuntime(tf);
    return tf;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The library's ONNX environment must be our binding's: the same version and the very same
 * objects (its `env.backends.onnx` is a spread copy of the runtime's `env`).
 */
export function assertSharedRuntime(tf: Pick<Transformers, 'env'>): void {
  const theirs = tf.env.backends.onnx as { versions?: { node?: string }; webgpu?: unknown };
  const same = theirs.versions?.node === ort.env.versions.node && theirs.webgpu === ort.env.webgpu;
  if (!same)
    throw new AppError(
      'internal_error',
      `transformers.js is not running on the engine's onnxruntime-node ${ort.env.versions.node ?? '?'} (it reports ${theirs.versions?.node ?? 'none'})`,
    );
}
