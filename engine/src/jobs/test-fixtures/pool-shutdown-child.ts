/**
 * Run as its own process by worker-pool-shutdown.test.ts: starts an ONNX task in a worker pool,
 * waits until a call is inside the runtime, closes the pool (what the engine's stop does) and
 * exits 0. A pool that terminates a thread mid-call aborts the whole process natively
 * ("terminate called after throwing an instance of 'Napi::Error'", exit 134) instead.
 */
import { WorkerPool } from '../worker-pool.ts';
import { SLOW_MATMUL_SIZE } from './slow-matmul-model.ts';

const model = process.argv[2];
if (!model) throw new Error('usage: pool-shutdown-child.ts <model.onnx>');
const pool = new WorkerPool(1);
const calls = pool.run(
  new URL('./onnx-busy-task.ts', import.meta.url),
  {
    model,
    feeds: { x: { dims: [SLOW_MATMUL_SIZE, SLOW_MATMUL_SIZE], value: 0.001 } },
    calls: 100,
  },
  {
    // The first call (about a second) is done; 300 ms later the second is inside the runtime.
    onProgress: () => {
      setTimeout(() => {
        void pool.close().then(() => {
          console.log('closed');
          process.exit(0);
        });
      }, 300);
    },
  },
);
calls.then(
  (value) => console.log(`finished ${JSON.stringify(value)}`),
  (error: unknown) => console.log(`ended: ${String(error)}`),
);
