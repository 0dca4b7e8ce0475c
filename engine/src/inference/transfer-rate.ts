/**
 * Speed and time left of a transfer, from the bytes moved over the last few seconds (a sliding
 * window, so a stall shows at once and an early burst does not promise too much). Bytes that
 * were already on disk when a download resumed are not counted as speed.
 */
const WINDOW_MS = 5_000;
const MIN_SPAN_MS = 500;

export class TransferRate {
  private readonly samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** `moved`: bytes transferred in this session so far (monotonic). */
  sample(moved: number): void {
    const at = this.now();
    this.samples.push({ at, bytes: moved });
    while (this.samples.length > 2 && at - (this.samples[1]?.at ?? at) > WINDOW_MS) {
      this.samples.shift();
    }
  }

  /** Bytes per second, or null until half a second of samples exists. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (first === undefined || last === undefined || last.at - first.at < MIN_SPAN_MS) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Whole seconds until `remaining` bytes are moved at the current speed, or null. */
  etaSeconds(remaining: number): number | null {
    const rate = this.bytesPerSecond();
    if (rate === null || rate <= 0) return null;
    return Math.ceil(remaining / rate);
  }
}
