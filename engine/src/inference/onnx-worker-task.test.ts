// Real inference off the main thread: Basic Pitch's nmp.onnx through the engine's worker pool.
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../jobs/worker-pool.ts';
import { realModel } from '../../../test/helpers/requirements.ts';
import { ONNX_TASK, type OnnxTaskInput, type TensorOut } from './onnx-worker-task.ts';

const WINDOW = 43_844;
const pool = new WorkerPool(1);
afterAll(() => pool.close());

function sineWindow(hz: number): Float32Array {
  const data = new Float32Array(WINDOW);
  for (let i = 0; i < WINDOW; i++) data[i] = 0.5 * Math.sin((2 * Math.PI * hz * i) / 22_050);
  return data;
}

describe('ONNX inference in a worker thread', () => {
  it('runs nmp.onnx on a 440 Hz window and finds A4 (MIDI 69)', async () => {
    const model = realModel('midi/nmp.onnx');
    if (model === null) return;
    const input: OnnxTaskInput = {
      modelPath: model,
      feeds: {
        'serving_default_input_2:0': {
          type: 'float32',
          dims: [1, WINDOW, 1],
          data: sineWindow(440),
        },
      },
      executionProviders: null,
    };
    const out = await pool.run<Record<string, TensorOut>>(ONNX_TASK, input);
    const notes = out['StatefulPartitionedCall:1'];
    expect(notes?.dims).toEqual([1, 172, 88]);
    // Mean activation per pitch over the middle frames; pitch index 0 is MIDI 21.
    const data = notes?.data as Float32Array;
    const mean = new Float64Array(88);
    for (let f = 40; f < 130; f++) for (let p = 0; p < 88; p++) mean[p]! += data[f * 88 + p]!;
    const best = mean.indexOf(Math.max(...mean));
    expect(best + 21).toBe(69);
    // A second call reuses the worker's warm session (same thread count).
    await pool.run(ONNX_TASK, input);
    expect(pool.threadCount).toBe(1);
  });

  it('reports a missing model file as an error, not a crash', async () => {
    const failure = await pool
      .run(ONNX_TASK, { modelPath: '/nonexistent/model.onnx', feeds: {}, executionProviders: null })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(pool.threadCount).toBe(1);
  });
});
