/**
 * Plays several decoded tracks in sync through one Web Audio context: every source starts at
 * the same context time, each through its own gain (a mixer's volumes, an A/B switch), so a
 * change of gain is heard at the same instant of every track. No React: ./use-synced-player.ts
 * wraps it for components.
 */

/** Sources start this far ahead, so all of them are scheduled before the first one sounds. */
const LEAD_SECONDS = 0.05;

export class SyncedPlayer {
  private readonly gains: GainNode[];
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
      gain.connect(context.destination);
      return gain;
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
    for (const gain of this.gains) gain.disconnect();
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
