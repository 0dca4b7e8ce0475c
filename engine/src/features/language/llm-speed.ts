/**
 * How fast the language model reads (prompt tokens per second) and writes (answer tokens per
 * second): measured on every answer (a moving average), and guessed before the first one from
 * the model's size, the CPU cores and whether it runs on a GPU. The studio's time estimates
 * ("about 4 minutes") come from here; they say whether they are measured.
 *
 * The guesses follow published CPU figures for 2–4 GB Q4_K_M models (docs/api/language-model.md,
 * "Speed"): writing is memory-bound, about 16 GB/s of weights read per token on a laptop, so
 * ~8 tokens/s for a 2 GB model; reading is compute-bound, ~9 GB of weights per second per core.
 */
import os from 'node:os';

export interface Speed {
  promptPerSecond: number;
  outputPerSecond: number;
  measured: boolean;
}

const WEIGHT = 0.3;

export function guessSpeed(
  modelBytes: number,
  gpu: boolean,
  cores = os.availableParallelism(),
): Speed {
  const bytes = Math.max(modelBytes, 100e6);
  if (gpu) {
    return {
      promptPerSecond: 1500,
      outputPerSecond: Math.min(150, 200e9 / bytes),
      measured: false,
    };
  }
  return {
    promptPerSecond: Math.max(5, (Math.min(cores, 16) * 9e9) / bytes),
    outputPerSecond: Math.max(1, 16e9 / bytes),
    measured: false,
  };
}

export class SpeedMeter {
  private current: Speed;

  constructor(initial: Speed) {
    this.current = initial;
  }

  get speed(): Speed {
    return this.current;
  }

  /** One answer's tokens and milliseconds (prompt read, answer written). */
  record(sample: {
    promptTokens: number;
    outputTokens: number;
    promptMs: number;
    outputMs: number;
  }): void {
    const blend = (old: number, value: number) =>
      this.current.measured ? old * (1 - WEIGHT) + value * WEIGHT : value;
    const next = { ...this.current, measured: true };
    // Short prompts are dominated by fixed costs: learn the reading speed from long ones only.
    if (sample.promptTokens >= 64 && sample.promptMs > 0)
      next.promptPerSecond = blend(
        this.current.promptPerSecond,
        (sample.promptTokens / sample.promptMs) * 1000,
      );
    if (sample.outputTokens >= 8 && sample.outputMs > 0)
      next.outputPerSecond = blend(
        this.current.outputPerSecond,
        (sample.outputTokens / sample.outputMs) * 1000,
      );
    this.current = next;
  }

  /** Seconds to read `promptTokens` and write `outputTokens`. */
  estimate(promptTokens: number, outputTokens: number): number {
    return (
      promptTokens / this.current.promptPerSecond + outputTokens / this.current.outputPerSecond
    );
  }
}
