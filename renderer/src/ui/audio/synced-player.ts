/**
 * Plays several decoded tracks in sync through one Web Audio context: every source starts at
 * the same context time, each through its own gain (a mixer's volumes, an A/B switch), so a
 * change of gain is heard at the same instant of every track. No React: ./use-synced-player.ts
 * wraps it for components.
 */

/** Sources start this far ahead, so all of them are scheduled before the first one sounds. */
const LEAD_SECONDS = 0.05;

/** The quietest level a meter reports (silence), in dBFS. */
export const METER_FLOOR_DB = -60;

export class SyncedPlayer {
  private readonly gains: GainNode[];
  /** Per track after its gain: a stereo pan, then a meter tap, then the speakers. */
  private readonly panners: StereoPannerNode[];
  private readonly meters: AnalyserNode[];
  private readonly meterData: Float32Array<ArrayBuffer>;
  private sources: AudioBufferSourceNode[] = [];
  /** Context time the current run started at, and the track position it started from. */
  private startedAt = 0;
  private offset = 0;
  private running = false;

  constructor(
    private readonly context: AudioContext,
    private readonly buffers: readonly AudioBuffer[],
    gains: readonly number[],
    /** Called when playback reaches the end (the playhead is back at 0 by then). */
    private readonly onEnded: () => void = () => undefined,
  ) {
    this.gains = buffers.map((_, i) => {
      const gain = context.createGain();
      gain.gain.value = gains[i] ?? 1;
      return gain;
    });
    this.panners = this.gains.map((gain) => {
      const panner = context.createStereoPanner();
      gain.connect(panner);
      return panner;
    });
    this.meters = this.panners.map((panner) => {
      const meter = context.createAnalyser();
      meter.fftSize = 2048;
      panner.connect(meter);
      meter.connect(context.destination);
      return meter;
    });
    this.meterData = new Float32Array(2048);
  }

  /** -1 (left) … 1 (right) per track. */
  setPans(pans: readonly number[]): void {
    this.panners.forEach((panner, i) => {
      panner.pan.value = Math.max(-1, Math.min(1, pans[i] ?? 0));
    });
  }

  /** Each track's RMS level after its gain over the last ~46 ms, in dBFS (METER_FLOOR_DB: silence). */
  levels(): number[] {
    return this.meters.map((meter) => {
      meter.getFloatTimeDomainData(this.meterData);
      let sum = 0;
      for (const sample of this.meterData) sum += sample * sample;
      const rms = Math.sqrt(sum / this.meterData.length);
      return rms > 0 ? Math.max(METER_FLOOR_DB, 20 * Math.log10(rms)) : METER_FLOOR_DB;
    });
  }

  /** The longest track's length, in seconds. */
  get duration(): number {
    return Math.max(0, ...this.buffers.map((buffer) => buffer.duration));
  }

  get playing(): boolean {
    return this.running;
  }

  /** The playhead, in seconds. */
  position(): number {
    if (!this.running) return this.offset;
    return Math.min(this.duration, this.offset + this.context.currentTime - this.startedAt);
  }

  setGains(gains: readonly number[]): void {
    this.gains.forEach((gain, i) => {
      gain.gain.value = gains[i] ?? 1;
    });
  }

  /** Plays from `from` (default: where the playhead is; from the top once it reached the end). */
  play(from: number = this.position()): void {
    this.halt();
    const offset = from >= this.duration ? 0 : Math.max(0, from);
    void this.context.resume();
    const at = this.context.currentTime + LEAD_SECONDS;
    this.sources = this.buffers.map((buffer, i) => {
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.gains[i]!);
      source.start(at, Math.min(offset, buffer.duration));
      return source;
    });
    const longest = this.buffers.reduce(
      (best, buffer, i) => (buffer.duration > this.buffers[best]!.duration ? i : best),
      0,
    );
    const last = this.sources[longest];
    if (last) {
      last.onended = () => {
        this.halt();
        this.offset = 0;
        this.onEnded();
      };
    }
    this.startedAt = at;
    this.offset = offset;
    this.running = true;
  }

  /** Stops where it is; `play()` goes on from there. */
  pause(): void {
    const at = this.position();
    this.halt();
    this.offset = at;
  }

  /** Stops and goes back to the top. */
  stop(): void {
    this.halt();
    this.offset = 0;
  }

  /** Moves the playhead; playback, if running, goes on from there. */
  seek(seconds: number): void {
    if (this.running) this.play(seconds);
    else this.offset = Math.max(0, seconds);
  }

  /** Stops every source for good (the context is its owner's to close). */
  dispose(): void {
    this.halt();
    for (const node of [...this.gains, ...this.panners, ...this.meters]) node.disconnect();
  }

  private halt(): void {
    for (const source of this.sources) {
      source.onended = null;
      source.stop();
    }
    this.sources = [];
    this.running = false;
  }
}
