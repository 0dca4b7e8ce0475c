/**
 * Worker-pool task (jobs/worker-pool.ts): separates one audio file into stems with one engine
 * and writes each stem as a 16-bit stereo 44.1 kHz WAV in `outDir`. ffmpeg decodes in chunks
 * (decodeAudioStream), the engine processes blocks with context (block-stream.ts or the neural
 * runner's overlap-add), and each block's stems are appended to their files at once, so memory
 * stays bounded whatever the track's length. Runs in a worker because the STFT, median filters
 * and ONNX calls are seconds of pure CPU per minute of audio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudioStream, probeMedia, requireAudio, type Ffmpeg } from '../../../audio/index.ts';
import { throwIfCancelled } from '../../../errors.ts';
import type { WorkerTask } from '../../../jobs/worker-protocol.ts';
import { BlockStream } from './dsp/block-stream.ts';
import { DSP_STFT, separateBlock, type StemPlanes } from './dsp/dsp-block.ts';
import { createNeuralProcessor } from './neural/neural-processor.ts';
import type { EngineSpec } from './separation-engine.ts';
import { WavStreamWriter } from './wav-stream-writer.ts';

/** This module, for deps.workers.run. */
export const SEPARATION_TASK = new URL(import.meta.url);

export const SEPARATION_SAMPLE_RATE = 44_100;
/** DSP blocks: ~11.9 s of core with ~0.74 s of context each side. */
const DSP_CORE = 512 * DSP_STFT.hop;
const DSP_CONTEXT = 32 * DSP_STFT.hop;
const DECODE_CHUNK_FRAMES = 64 * 1024;

export interface SeparationTaskInput {
  ffmpeg: Ffmpeg;
  inputPath: string;
  outDir: string;
  engine: EngineSpec;
  stems: string[];
}

export interface SeparationTaskOutput {
  stems: { stem: string; path: string }[];
  durationSeconds: number;
}

/** One engine as the task drives it: blocks in, stems out, then a final flush. */
export interface StreamProcessor {
  push(left: Float32Array, right: Float32Array): Promise<void>;
  finish(): Promise<void>;
}

function dspProcessor(stems: string[], sink: (planes: StemPlanes) => void): StreamProcessor {
  const stream = new BlockStream(
    (l, r) => separateBlock(l, r, SEPARATION_SAMPLE_RATE, stems),
    sink,
    { core: DSP_CORE, context: DSP_CONTEXT },
  );
  return {
    push: (l, r) => Promise.resolve(stream.push(l, r)),
    finish: () => Promise.resolve(stream.finish()),
  };
}

export const run: WorkerTask<SeparationTaskInput, SeparationTaskOutput> = async (input, ctx) => {
  const { signal } = ctx;
  const info = await probeMedia(input.ffmpeg, input.inputPath, { signal });
  requireAudio(info, input.inputPath);
  const totalFrames = Math.max(1, (info.duration_seconds ?? 0) * SEPARATION_SAMPLE_RATE);
  fs.mkdirSync(input.outDir, { recursive: true });
  const writers = new Map<string, WavStreamWriter>();
  for (const stem of input.stems) {
    writers.set(
      stem,
      new WavStreamWriter(path.join(input.outDir, `${stem}.wav`), SEPARATION_SAMPLE_RATE),
    );
  }
  const sink = (planes: StemPlanes): void => {
    for (const [stem, [l, r]] of planes) writers.get(stem)?.write(l, r);
  };
  let done = false;
  try {
    const processor =
      input.engine.kind === 'dsp'
        ? dspProcessor(input.stems, sink)
        : await createNeuralProcessor(input.engine, input.stems, sink, signal);
    let frames = 0;
    ctx.progress(0, 'separating');
    for await (const chunk of decodeAudioStream(input.ffmpeg, input.inputPath, {
      sampleRate: SEPARATION_SAMPLE_RATE,
      channels: 2,
      chunkFrames: DECODE_CHUNK_FRAMES,
      signal,
      info,
    })) {
      throwIfCancelled(signal);
      const n = chunk.samples.length / 2;
      const left = new Float32Array(n);
      const right = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        left[i] = chunk.samples[2 * i]!;
        right[i] = chunk.samples[2 * i + 1]!;
      }
      await processor.push(left, right);
      frames += n;
      ctx.progress(Math.min(99, (frames / totalFrames) * 100), 'separating');
    }
    throwIfCancelled(signal);
    await processor.finish();
    for (const writer of writers.values()) writer.close();
    done = true;
    return {
      stems: input.stems.map((stem) => ({ stem, path: writers.get(stem)!.file })),
      durationSeconds: frames / SEPARATION_SAMPLE_RATE,
    };
  } finally {
    if (!done) {
      for (const writer of writers.values()) {
        writer.abandon();
        fs.rmSync(writer.file, { force: true });
      }
    }
  }
};
