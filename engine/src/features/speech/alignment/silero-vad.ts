/**
 * Silero VAD (v5/v6 ONNX, 16 kHz) run directly on ONNX Runtime: speech probability for every
 * 512-sample (32 ms) frame. The model keeps a recurrent state and, since v5, expects the last 64
 * samples of the previous frame prepended to each one (the reference OnnxWrapper does this).
 * Used by alignment to snap word edges to where speech starts and stops; runs inside a worker.
 */
import ort from 'onnxruntime-node';

export const VAD_SAMPLE_RATE = 16_000;
export const VAD_FRAME = 512;
const CONTEXT = 64;

const sessions = new Map<string, Promise<ort.InferenceSession>>();

function session(modelPath: string): Promise<ort.InferenceSession> {
  let found = sessions.get(modelPath);
  if (!found) {
    found = ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      logSeverityLevel: 3,
    });
    found.catch(() => sessions.delete(modelPath));
    sessions.set(modelPath, found);
  }
  return found;
}

/** One probability per full 512-sample frame of 16 kHz mono audio. */
export async function speechProbabilities(
  modelPath: string,
  samples: Float32Array,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const vad = await session(modelPath);
  const frames = Math.floor(samples.length / VAD_FRAME);
  const out = new Float32Array(frames);
  let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]), []);
  const input = new Float32Array(CONTEXT + VAD_FRAME);
  for (let f = 0; f < frames; f++) {
    if (signal?.aborted) throw new Error('cancelled');
    input.copyWithin(0, VAD_FRAME, VAD_FRAME + CONTEXT);
    input.set(samples.subarray(f * VAD_FRAME, (f + 1) * VAD_FRAME), CONTEXT);
    const result = await vad.run({
      input: new ort.Tensor('float32', input.slice(), [1, CONTEXT + VAD_FRAME]),
      state,
      sr,
    });
    out[f] = (result.output!.data as Float32Array)[0] ?? 0;
    state = result.stateN!;
  }
  return out;
}
