/**
 * Runs a block separator over a stream of stereo audio in bounded memory. Audio arrives in any
 * chunk sizes; it is cut into blocks of `core` samples, each processed with `context` samples
 * of real neighbouring audio (zeros before the start and after the end) on both sides, and only
 * each block's core is emitted. With context longer than the STFT window plus half the
 * median kernels, the result equals processing the whole file at once except for the medians'
 * view beyond the context, and memory stays one block however long the track is.
 */
import type { StemPlanes } from './dsp-block.ts';

export type BlockProcessor = (left: Float32Array, right: Float32Array) => StemPlanes;
export type BlockSink = (stems: StemPlanes) => void;

export interface BlockStreamOptions {
  core: number;
  context: number;
}

export class BlockStream {
  private left: Float32Array;
  private right: Float32Array;
  /** Samples held in left/right (the first `context` are the previous block's tail). */
  private held: number;
  private emitted = 0;
  private received = 0;

  constructor(
    private readonly process: BlockProcessor,
    private readonly sink: BlockSink,
    private readonly options: BlockStreamOptions,
  ) {
    const capacity = options.core + 2 * options.context;
    this.left = new Float32Array(capacity);
    this.right = new Float32Array(capacity);
    this.held = options.context; // leading zeros: the context before the first sample
  }

  /** Adds stereo samples; runs every block that is now complete. */
  push(left: Float32Array, right: Float32Array): void {
    let offset = 0;
    this.received += left.length;
    while (offset < left.length) {
      const room = this.left.length - this.held;
      const take = Math.min(room, left.length - offset);
      this.left.set(left.subarray(offset, offset + take), this.held);
      this.right.set(right.subarray(offset, offset + take), this.held);
      this.held += take;
      offset += take;
      if (this.held === this.left.length) this.runBlock(this.options.core);
    }
  }

  /** Processes what is left (with trailing zeros as context) and emits the final samples. */
  finish(): void {
    const remaining = this.received - this.emitted;
    if (remaining <= 0) return;
    const { context } = this.options;
    // Pad with zeros: the block must hold `context` samples after the last real one.
    this.left.fill(0, this.held);
    this.right.fill(0, this.held);
    const length = Math.min(this.left.length, context + remaining + context);
    const stems = this.process(this.left.subarray(0, length), this.right.subarray(0, length));
    this.sink(slice(stems, context, context + remaining));
    this.emitted += remaining;
    this.held = context;
  }

  private runBlock(core: number): void {
    const { context } = this.options;
    const stems = this.process(this.left, this.right);
    this.sink(slice(stems, context, context + core));
    this.emitted += core;
    // Keep the last 2·context samples: the next block's leading context and the start of its core.
    this.left.copyWithin(0, core);
    this.right.copyWithin(0, core);
    this.held -= core;
  }
}

function slice(stems: StemPlanes, from: number, to: number): StemPlanes {
  const out: StemPlanes = new Map();
  for (const [stem, [l, r]] of stems) out.set(stem, [l.slice(from, to), r.slice(from, to)]);
  return out;
}
