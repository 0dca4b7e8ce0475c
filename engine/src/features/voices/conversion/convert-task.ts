/**
 * Worker-pool task: one voice conversion with an OpenVoice-style pack (conversion-packs.ts).
 * The source and the target's reference audio arrive as 22.05 kHz mono; both become linear
 * spectrograms (spectrogram.ts), the tone extractor gives each a tone embedding, and the
 * converter re-voices the source spectrogram from the source tone to the target's, keeping its
 * frames (so words and timing stay) — OpenVoice's `convert(tau=0.3)`. Model inputs are fed by
 * position (community exports name them differently), in OpenVoice's order.
 */
import ort from 'onnxruntime-node';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import { createSessionCache, type SessionCache } from '../../../inference/session-cache.ts';
import type { WorkerTask } from '../../../jobs/worker-protocol.ts';
import { BINS, linearSpectrogram, transposeSpectrogram } from './spectrogram.ts';

export const CONVERT_TASK = new URL(import.meta.url);

export interface ConvertTaskInput {
  converterPath: string;
  extractorPath: string;
  source: Float32Array;
  target: Float32Array;
  /** OpenVoice's tau: how far from the source's tone (0.3 in its demos). */
  tau: number;
  executionProviders: string[] | null;
}

export interface ConvertTaskResult {
  samples: Float32Array;
  frames: number;
  toneDimension: number;
}

let sessions: SessionCache | null = null;

async function tone(session: ort.InferenceSession, audio: Float32Array): Promise<Float32Array> {
  const spec = linearSpectrogram(audio);
  const name = session.inputNames[0] ?? 'input';
  const out = await session.run({
    [name]: new ort.Tensor('float32', transposeSpectrogram(spec), [1, spec.frames, BINS]),
  });
  const data = out[session.outputNames[0] ?? '']?.data;
  if (!(data instanceof Float32Array))
    throw new AppError('internal_error', 'tone extractor output is not float32');
  return data;
}

export const run: WorkerTask<ConvertTaskInput, ConvertTaskResult> = async (input, ctx) => {
  sessions ??= createSessionCache({ executionProviders: input.executionProviders });
  const extractor = await sessions.getSession(input.extractorPath);
  const converter = await sessions.getSession(input.converterPath);
  if (converter.inputNames.length < 5)
    throw new AppError(
      'validation_error',
      `${input.converterPath} is not a tone colour converter (inputs: ${converter.inputNames.join(', ')})`,
    );
  ctx.progress(10, 'tone');
  const source = await tone(extractor, input.source);
  throwIfCancelled(ctx.signal);
  const target = await tone(extractor, input.target);
  throwIfCancelled(ctx.signal);
  ctx.progress(40, 'convert');
  const spec = linearSpectrogram(input.source);
  const [specName, lengthName, srcName, tgtName, tauName] = converter.inputNames as [
    string,
    string,
    string,
    string,
    string,
  ];
  const out = await converter.run({
    [specName]: new ort.Tensor('float32', spec.data, [1, BINS, spec.frames]),
    [lengthName]: new ort.Tensor('int64', BigInt64Array.from([BigInt(spec.frames)]), [1]),
    [srcName]: new ort.Tensor('float32', source, [1, source.length, 1]),
    [tgtName]: new ort.Tensor('float32', target, [1, target.length, 1]),
    [tauName]: new ort.Tensor('float32', Float32Array.from([input.tau]), [1]),
  });
  const samples = out[converter.outputNames[0] ?? '']?.data;
  if (!(samples instanceof Float32Array))
    throw new AppError('internal_error', 'converter output is not float32 audio');
  ctx.progress(100, 'convert');
  return { samples, frames: spec.frames, toneDimension: source.length };
};
