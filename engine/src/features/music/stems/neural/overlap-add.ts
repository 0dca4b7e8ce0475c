/**
 * Streams audio through a model that takes fixed-length segments, with overlap-add: segments
 * advance by half their useful length, each output is weighted by a triangle over the segment's
 * useful part (the model's unreliable `trim` edges get weight 0) and the weighted sum is divided
 * by the summed weights. Every output sample is final as soon as no later segment can reach it,
 * and is emitted then, so memory is about one segment whatever the track's length. The first
 * segment starts early enough that sample 0 sits at its triangle's peak.
 */
import type { StemPlanes } from '../dsp/dsp-block.ts';

export type SegmentModel = (left: Float32Array, right: Float32Array) => Promise<StemPlanes>;

export interface OverlapAddOptions {
  /** Samples per model call. */
  segment: number;
  /** Unreliable samples at each end of a segment's output (weight 0). */
  trim: number;
}

export class OverlapAdd {
  private readonly step: number;
  private readonly lead: number;
  private readonly weight: Float32Array;
  private inL: Float32Array = new Float32Array(0);
  private inR: Float32Array = new Float32Array(0);
  /** Absolute index of inL[0] (negative: zeros before the track). */
  private inStart: number;
  private received = 0;
  private emitted = 0;
  private k = 0;
  private accStart: number;
  private readonly acc = new Map<string, [Float32Array, Float32Array]>();
  private readonly wsum: Float32Array;

  constructor(
    private readonly model: SegmentModel,
    private readonly sink: (stems: StemPlanes) => void,
    private readonly options: OverlapAddOptions,
  ) {
    const useful = options.segment - 2 * options.trim;
    if (useful < 2)
      throw new Error(`segment ${options.segment} leaves nothing after trim ${options.trim}`);
    this.step = Math.floor(useful / 2);
    this.lead = options.trim + this.step;
    this.weight = new Float32Array(options.segment);
    for (let n = 0; n < useful; n++) {
      const x = (n + 0.5) / useful; // 0..1 across the useful part
      this.weight[options.trim + n] = 1 - Math.abs(2 * x - 1);
    }
    this.inStart = -this.lead;
    this.inL = new Float32Array(this.lead);
    this.inR = new Float32Array(this.lead);
    this.accStart = -this.lead;
    this.wsum = new Float32Array(options.segment);
  }

  private segmentStart(): number {
    return this.k * this.step - this.lead;
  }

  async push(left: Float32Array, right: Float32Array): Promise<void> {
    this.inL = concat(this.inL, left);
    this.inR = concat(this.inR, right);
    this.received += left.length;
    while (this.inStart + this.inL.length >= this.segmentStart() + this.options.segment) {
      await this.runSegment(false);
    }
  }

  async finish(): Promise<void> {
    while (this.emitted < this.received) await this.runSegment(true);
  }

  private async runSegment(ending: boolean): Promise<void> {
    const { segment, trim } = this.options;
    const s = this.segmentStart();
    const from = s - this.inStart;
    const segL = new Float32Array(segment);
    const segR = new Float32Array(segment);
    const available = Math.max(0, Math.min(segment, this.inL.length - from));
    segL.set(this.inL.subarray(from, from + available));
    segR.set(this.inR.subarray(from, from + available));
    const out = await this.model(segL, segR);
    const offset = s - this.accStart;
    for (const [stem, [l, r]] of out) {
      let acc = this.acc.get(stem);
      if (!acc) {
        acc = [new Float32Array(segment), new Float32Array(segment)];
        this.acc.set(stem, acc);
      }
      for (let n = trim; n < segment - trim; n++) {
        const w = this.weight[n]!;
        acc[0][offset + n] = acc[0][offset + n]! + w * l[n]!;
        acc[1][offset + n] = acc[1][offset + n]! + w * r[n]!;
      }
    }
    for (let n = trim; n < segment - trim; n++) {
      this.wsum[offset + n] = this.wsum[offset + n]! + this.weight[n]!;
    }
    // Samples before the next segment's useful part are final.
    let final = s + this.step + trim;
    if (ending) final = Math.min(final, this.received);
    if (final > this.emitted) {
      const a = this.emitted - this.accStart;
      const b = final - this.accStart;
      const planes: StemPlanes = new Map();
      for (const [stem, [l, r]] of this.acc) {
        const ol = new Float32Array(b - a);
        const or = new Float32Array(b - a);
        for (let n = a; n < b; n++) {
          const w = this.wsum[n]!;
          ol[n - a] = w > 0 ? l[n]! / w : 0;
          or[n - a] = w > 0 ? r[n]! / w : 0;
        }
        planes.set(stem, [ol, or]);
      }
      this.sink(planes);
      this.emitted = final;
    }
    // Shift the accumulators to start at the next segment's useful part.
    const shift = s + this.step + trim - this.accStart;
    for (const [l, r] of this.acc.values()) {
      shiftLeft(l, shift);
      shiftLeft(r, shift);
    }
    shiftLeft(this.wsum, shift);
    this.accStart += shift;
    this.k++;
    // Input before the next segment's start is no longer needed.
    const drop = this.segmentStart() - this.inStart;
    if (drop > 0) {
      this.inL = this.inL.slice(Math.min(drop, this.inL.length));
      this.inR = this.inR.slice(Math.min(drop, this.inR.length));
      this.inStart += drop;
    }
  }
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function shiftLeft(buffer: Float32Array, by: number): void {
  if (by <= 0) return;
  if (by >= buffer.length) {
    buffer.fill(0);
    return;
  }
  buffer.copyWithin(0, by);
  buffer.fill(0, buffer.length - by);
}
