/**
 * Reads a decoded stream (audio/decode.ts decodeAudioStream) a block of N frames at a time,
 * whatever size its chunks are, padding with silence past its end: two files are mixed in
 * lockstep this way with one block of each in memory.
 */
import type { PcmChunk } from '../../../audio/index.ts';

export class FrameReader {
  private buffer = new Float32Array(0);
  private ended = false;

  constructor(
    private readonly chunks: AsyncIterator<PcmChunk>,
    private readonly channels: number,
  ) {}

  /** The next `frames` frames, interleaved; zeros once the stream has ended. */
  async read(frames: number): Promise<Float32Array> {
    const want = frames * this.channels;
    while (this.buffer.length < want && !this.ended) {
      const next = await this.chunks.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const joined = new Float32Array(this.buffer.length + next.value.samples.length);
      joined.set(this.buffer);
      joined.set(next.value.samples, this.buffer.length);
      this.buffer = joined;
    }
    const out = new Float32Array(want);
    out.set(this.buffer.subarray(0, Math.min(want, this.buffer.length)));
    this.buffer = this.buffer.slice(Math.min(want, this.buffer.length));
    return out;
  }

  /** Stops the decoder (ffmpeg is killed when its iterator returns early). */
  async close(): Promise<void> {
    await this.chunks.return?.(undefined);
  }
}
