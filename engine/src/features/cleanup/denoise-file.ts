/**
 * Denoises one media file end to end in bounded memory: ffmpeg decodes it through a pipe in
 * blocks of about a second (at the engine's rate, up to two channels), each block goes through
 * the per-channel engine streams, and the enhanced PCM is piped straight into a second ffmpeg
 * that encodes the output file as it arrives. Nothing holds more than a block plus the engine's
 * window (DeepFilterNet: ~6 s), whatever the file's length.
 *
 * The noise-reduction meter sees the input and the output time-aligned (a small FIFO of input
 * blocks waits for the delayed output). Video input is remuxed afterwards with the original
 * video stream copied (output-format.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudioStream } from '../../audio/decode.ts';
import { codecArgs } from '../../audio/encode.ts';
import { runFfmpeg, startFfmpeg } from '../../audio/ffmpeg-run.ts';
import { ffmpegInputArg, probeMedia, requireAudio, type MediaInfo } from '../../audio/probe.ts';
import type { Ffmpeg } from '../../audio/types.ts';
import { AppError } from '../../errors.ts';
import type { SessionCache } from '../../inference/session-cache.ts';
import {
  createChannelStream,
  ENGINES,
  type EngineFiles,
  type QualityMode,
} from './denoise-engines.ts';
import type { Dfn3StreamOptions } from './dfn3-stream.ts';
import { MultichannelDenoiser } from './multichannel-denoiser.ts';
import { NoiseReductionMeter, type NoiseReduction } from './noise-reduction-meter.ts';
import type { OutputPlan } from './output-format.ts';

export interface DenoiseFileInput {
  input: string;
  /** The audio output path; its folder must exist. */
  audioOut: string;
  /** The remuxed video output path (video input only). */
  videoOut: string | null;
  mode: QualityMode;
  files: EngineFiles;
  plan: OutputPlan;
  info?: MediaInfo;
  dfn3?: Dfn3StreamOptions;
}

export interface DenoiseFileResult extends NoiseReduction {
  duration_seconds: number;
  channels: number;
  engine: string;
  engine_sample_rate: number;
  /** Seconds answered without inference because they were digital silence. */
  silence_skipped_seconds: number;
}

export interface DenoiseFileContext {
  ffmpeg: Ffmpeg;
  sessions: SessionCache;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage: string) => void;
}

const OPUS_RATE = 48_000;

export async function denoiseFile(
  job: DenoiseFileInput,
  ctx: DenoiseFileContext,
): Promise<DenoiseFileResult> {
  const { ffmpeg, signal } = ctx;
  const info = job.info ?? (await probeMedia(ffmpeg, job.input, signal ? { signal } : {}));
  const audio = requireAudio(info, job.input);
  const engine = ENGINES[job.mode];
  const channels = Math.min(2, Math.max(1, audio.channels ?? 1));
  const streams = [];
  for (let c = 0; c < channels; c++) {
    streams.push(await createChannelStream(job.mode, job.files, ctx.sessions, job.dfn3));
  }
  const denoiser = new MultichannelDenoiser(streams);
  const meter = new NoiseReductionMeter(engine.sampleRate);
  const fifo = new SampleFifo();
  const totalFrames = (info.duration_seconds ?? 0) * engine.sampleRate;
  let decodedFrames = 0;
  let producerError: unknown = null;

  async function* enhancedPcm(): AsyncGenerator<Uint8Array> {
    try {
      const blocks = decodeAudioStream(ffmpeg, job.input, {
        sampleRate: engine.sampleRate,
        channels,
        chunkFrames: engine.blockFrames,
        info,
        ...(signal ? { signal } : {}),
      });
      for await (const block of blocks) {
        fifo.push(block.samples);
        const out = await denoiser.push(block.samples);
        meter.add(fifo.take(out.length), out, channels);
        decodedFrames += block.samples.length / channels;
        if (totalFrames > 0)
          ctx.onProgress?.(Math.min(0.99, decodedFrames / totalFrames), 'denoise');
        if (out.length > 0) yield bytesOf(out);
      }
      const tail = await denoiser.end();
      meter.add(fifo.take(tail.length), tail, channels);
      if (tail.length > 0) yield bytesOf(tail);
    } catch (error) {
      producerError = error;
      throw error;
    }
  }

  const outRate =
    job.plan.audio.format === 'opus' ? OPUS_RATE : (audio.sample_rate ?? engine.sampleRate);
  const temp = partialName(job.audioOut);
  const encoder = startFfmpeg(
    ffmpeg,
    [
      '-f',
      'f32le',
      '-ar',
      String(engine.sampleRate),
      '-ac',
      String(channels),
      '-i',
      'pipe:0',
      '-ar',
      String(outRate),
      '-ac',
      String(channels),
      ...codecArgs({ format: job.plan.audio.format }),
      '-y',
      `file:${temp}`,
    ],
    {
      stdout: 'ignore',
      input: enhancedPcm(),
      what: `encoding the denoised ${job.plan.audio.format}`,
      ...(signal ? { signal } : {}),
    },
  );
  try {
    await encoder.done.catch((error: unknown) => {
      throw producerError ?? error;
    });
    if (producerError !== null) throw producerError;
    if (decodedFrames === 0) {
      throw new AppError('invalid_audio', 'the file contains no audio samples');
    }
    fs.renameSync(temp, job.audioOut);
  } finally {
    fs.rmSync(temp, { force: true });
  }

  if (job.videoOut !== null && job.plan.video !== null) {
    ctx.onProgress?.(0.99, 'remux');
    await remuxVideo(ffmpeg, job.input, job.audioOut, job.videoOut, job.plan.video.muxer, signal);
  }
  return {
    ...meter.result(),
    duration_seconds: decodedFrames / engine.sampleRate,
    channels,
    engine: engine.name,
    engine_sample_rate: engine.sampleRate,
    silence_skipped_seconds: denoiser.skippedFrames / engine.sampleRate,
  };
}

/** The original's video stream(s) copied, the denoised audio copied in beside them. */
async function remuxVideo(
  ffmpeg: Ffmpeg,
  original: string,
  audio: string,
  out: string,
  muxer: string,
  signal?: AbortSignal,
): Promise<void> {
  const temp = partialName(out);
  try {
    await runFfmpeg(
      ffmpeg,
      [
        '-i',
        ffmpegInputArg(original),
        '-i',
        ffmpegInputArg(audio),
        '-map',
        '0:v',
        '-map',
        '1:a:0',
        '-c:v',
        'copy',
        '-c:a',
        'copy',
        ...(muxer === 'mp4' ? ['-movflags', '+faststart'] : []),
        '-f',
        muxer,
        '-y',
        `file:${temp}`,
      ],
      { what: 'remuxing the video with the denoised audio', ...(signal ? { signal } : {}) },
    );
    fs.renameSync(temp, out);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function partialName(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${crypto.randomBytes(4).toString('hex')}.partial`,
  );
}

function bytesOf(samples: Float32Array): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** Input samples waiting for their (delayed) output, for the meter. */
class SampleFifo {
  private blocks: Float32Array[] = [];
  private offset = 0;

  push(samples: Float32Array): void {
    this.blocks.push(samples);
  }

  /** The next `count` samples (zeros past the end: the flushed tail). */
  take(count: number): Float32Array {
    const out = new Float32Array(count);
    let filled = 0;
    while (filled < count && this.blocks.length > 0) {
      const head = this.blocks[0]!;
      const n = Math.min(count - filled, head.length - this.offset);
      out.set(head.subarray(this.offset, this.offset + n), filled);
      filled += n;
      this.offset += n;
      if (this.offset === head.length) {
        this.blocks.shift();
        this.offset = 0;
      }
    }
    return out;
  }
}
