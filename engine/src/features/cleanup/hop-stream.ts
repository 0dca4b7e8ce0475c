/**
 * The streaming contract every denoiser engine keeps: blocks of any size in, enhanced samples
 * out, and after `end()` exactly as many samples out as went in, time-aligned with the input.
 *
 * Engines work in STFT hops and emit output later than input (the STFT overlap, plus model
 * lookahead). This base class does the bookkeeping once: it cuts input into hops, drops the
 * first `leadSamples` of output (the delay), feeds `flushSamples` of zeros at the end so the last
 * real samples come out, and trims the total to the input length.
 */

export interface DenoiseStream {
  /** The rate the engine runs at; callers resample to it. */
  readonly sampleRate: number;
  push(block: Float32Array): Promise<Float32Array>;
  end(): Promise<Float32Array>;
  /**
   * Takes `count` samples of digital silence without running the model: emits what the engine
   * still owes (flushed), zeros for the rest, and restarts the engine fresh, keeping alignment.
   * Only valid when the samples pushed just before were silence too (multichannel-denoiser.ts
   * checks), so everything the engine still owes beyond what it can flush is silence.
   */
  skipSilence(count: number): Promise<Float32Array>;
}

/**
 * Runs a whole in-memory signal through a stream in pushes of `block` samples and returns its
 * output, as long as the input (the contract above). For evals, tests and benches; jobs stream
 * from and to ffmpeg instead (multichannel-denoiser.ts).
 */
export async function denoiseWhole(
  stream: DenoiseStream,
  input: Float32Array,
  block: number,
): Promise<Float32Array> {
  const out = new Float32Array(input.length);
  let written = 0;
  for (let at = 0; at < input.length; at += block) {
    const chunk = await stream.push(input.subarray(at, at + block));
    out.set(chunk, written);
    written += chunk.length;
  }
  const tail = await stream.end();
  if (written + tail.length !== input.length) {
    throw new Error(`denoise stream gave ${written + tail.length} samples for ${input.length}`);
  }
  out.set(tail, written);
  return out;
}

export abstract class HopStream implements DenoiseStream {
  abstract readonly sampleRate: number;
  protected readonly hop: number;
  private readonly leadSamples: number;
  private readonly flushSamples: number;
  private pending: Float32Array;
  private pendingCount = 0;
  private dropped = 0;
  private inputCount = 0;
  private outputCount = 0;

  protected constructor(hop: number, leadSamples: number, flushSamples: number) {
    this.hop = hop;
    this.leadSamples = leadSamples;
    this.flushSamples = flushSamples;
    this.pending = new Float32Array(hop);
  }

  /**
   * Processes whole hops (concatenated, length a multiple of `hop`) and returns the output that
   * is ready, in order. `final` means no more input will come: emit everything possible.
   */
  protected abstract processHops(hops: Float32Array, final: boolean): Promise<Float32Array>;

  /** Engine state back to fresh (models' caches, STFT buffers); see skipSilence. */
  protected abstract resetEngine(): void;

  async push(block: Float32Array): Promise<Float32Array> {
    this.inputCount += block.length;
    return this.trim(await this.processHops(this.takeHops(block), false));
  }

  async end(): Promise<Float32Array> {
    // Pad the partial hop and the flush with zeros, then emit everything and cut to length.
    const padded = this.pendingCount + this.flushSamples + this.hop;
    const zeros = new Float32Array(Math.ceil(padded / this.hop) * this.hop - this.pendingCount);
    const hops = this.takeHops(zeros);
    const out = this.trim(await this.processHops(hops, true));
    const wanted = this.inputCount - (this.outputCount - out.length);
    return out.subarray(0, Math.max(0, wanted));
  }

  async skipSilence(count: number): Promise<Float32Array> {
    const flushed = this.trim(await this.processHops(new Float32Array(0), true));
    this.resetEngine();
    // A fresh engine's first output belongs to input position inputCount − lead (its analysis
    // buffer starts with `lead` zeros), so everything before that is emitted as zeros here.
    this.pendingCount = 0;
    this.inputCount += count;
    this.dropped = this.leadSamples;
    const zeros = Math.max(0, this.inputCount - this.leadSamples - this.outputCount);
    this.outputCount += zeros;
    if (flushed.length === 0) return new Float32Array(zeros);
    const out = new Float32Array(flushed.length + zeros);
    out.set(flushed);
    return out;
  }

  private takeHops(block: Float32Array): Float32Array {
    const total = this.pendingCount + block.length;
    const whole = Math.floor(total / this.hop) * this.hop;
    const hops = new Float32Array(whole);
    let consumed = 0;
    if (whole > 0) {
      hops.set(this.pending.subarray(0, this.pendingCount), 0);
      consumed = whole - this.pendingCount;
      hops.set(block.subarray(0, consumed), this.pendingCount);
      this.pendingCount = 0;
    }
    const rest = block.subarray(consumed);
    this.pending.set(rest, this.pendingCount);
    this.pendingCount += rest.length;
    return hops;
  }

  private trim(out: Float32Array): Float32Array {
    let result = out;
    if (this.dropped < this.leadSamples) {
      const drop = Math.min(this.leadSamples - this.dropped, out.length);
      this.dropped += drop;
      result = out.subarray(drop);
    }
    this.outputCount += result.length;
    return result;
  }
}
