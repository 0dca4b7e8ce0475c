/**
 * Runs one engine stream per channel over interleaved PCM blocks (stereo stays stereo; each
 * channel keeps its own model state) and skips the model on digital silence: a block whose
 * samples are all exactly zero, following another such block, is answered with zeros without
 * inference. Both engines' outputs are masks applied to the input spectrum, so silence in gives
 * silence out; skipping only saves the time (ten hours of silence take seconds, not hours).
 *
 * Blocks must be whole STFT hops (the file pipeline decodes in multiples of the hop) except the
 * last one.
 */
import type { DenoiseStream } from './hop-stream.ts';

export class MultichannelDenoiser {
  readonly channels: number;
  readonly sampleRate: number;
  private readonly streams: DenoiseStream[];
  private previousSilent = false;
  /** Samples per channel answered without inference, for the result's statistics. */
  skippedFrames = 0;

  constructor(streams: DenoiseStream[]) {
    if (streams.length === 0) throw new Error('at least one channel stream is needed');
    this.streams = streams;
    this.channels = streams.length;
    this.sampleRate = streams[0]!.sampleRate;
  }

  /** One interleaved block in; the interleaved output that is ready (maybe empty) out. */
  async push(block: Float32Array): Promise<Float32Array> {
    const silent = isDigitalSilence(block);
    const frames = block.length / this.channels;
    let outs: Float32Array[];
    if (silent && this.previousSilent) {
      this.skippedFrames += frames;
      outs = await Promise.all(this.streams.map((s) => s.skipSilence(frames)));
    } else {
      outs = [];
      for (let c = 0; c < this.channels; c++) {
        outs.push(await this.streams[c]!.push(channelOf(block, c, this.channels)));
      }
    }
    this.previousSilent = silent;
    return interleave(outs);
  }

  async end(): Promise<Float32Array> {
    const outs: Float32Array[] = [];
    for (const stream of this.streams) outs.push(await stream.end());
    return interleave(outs);
  }
}

export function isDigitalSilence(samples: Float32Array): boolean {
  for (let i = 0; i < samples.length; i++) if (samples[i] !== 0) return false;
  return true;
}

function channelOf(block: Float32Array, channel: number, channels: number): Float32Array {
  if (channels === 1) return block;
  const out = new Float32Array(block.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = block[i * channels + channel]!;
  return out;
}

function interleave(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const frames = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(frames * channels.length);
  for (let c = 0; c < channels.length; c++) {
    const data = channels[c]!;
    for (let i = 0; i < frames; i++) out[i * channels.length + c] = data[i]!;
  }
  return out;
}
