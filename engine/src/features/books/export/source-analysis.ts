/**
 * Pass 1 of mastering: reads the assembled source (the takes in order, at their own rate, mono)
 * once and keeps the mean square of every 10 ms window (an hour is 360 000 numbers). From those:
 * the overall energy (for the RMS gain), where sound starts and ends at the level it will have
 * after the gain (the existing head and tail silence is trimmed, then exact room tone added),
 * and the noise floor (to decide whether a noisy recording needs a downward expander).
 */
import { startFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { f32Frames } from '../../../audio/pcm.ts';
import { AppError } from '../../../errors.ts';
import { SILENCE_THRESHOLD_DB, SILENCE_WINDOW_SECONDS } from './acx-rules.ts';

export interface SourceAnalysis {
  sampleRate: number;
  durationSeconds: number;
  /** Mean square of each 10 ms window. */
  windows: Float32Array;
  windowSeconds: number;
}

export async function analyseSource(
  ffmpeg: Ffmpeg,
  inputArgs: readonly string[],
  sampleRate: number,
  signal?: AbortSignal,
): Promise<SourceAnalysis> {
  const proc = startFfmpeg(
    ffmpeg,
    [...inputArgs, '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:1'],
    { stdout: 'data', what: 'analysing the source audio', ...(signal && { signal }) },
  );
  const windowFrames = Math.max(1, Math.round(sampleRate * SILENCE_WINDOW_SECONDS));
  let windows = new Float32Array(4096);
  let count = 0;
  let sum = 0;
  let fill = 0;
  let frames = 0;
  const close = (): void => {
    if (count === windows.length) {
      const grown = new Float32Array(windows.length * 2);
      grown.set(windows);
      windows = grown;
    }
    windows[count++] = sum / fill;
    sum = 0;
    fill = 0;
  };
  try {
    for await (const chunk of f32Frames(proc.stdout!, 1, sampleRate)) {
      for (let i = 0; i < chunk.length; i++) {
        const x = chunk[i]!;
        sum += x * x;
        if (++fill === windowFrames) close();
      }
      frames += chunk.length;
    }
  } catch (error) {
    proc.kill();
    throw error;
  }
  await proc.done;
  if (fill > 0) close();
  if (frames === 0) throw new AppError('invalid_audio', 'The source audio has no samples.');
  return {
    sampleRate,
    durationSeconds: frames / sampleRate,
    windows: windows.slice(0, count),
    windowSeconds: windowFrames / sampleRate,
  };
}

export interface GainPlan {
  /** Where sound starts and ends in the source (seconds). */
  startSeconds: number;
  endSeconds: number;
  /** The gain that puts the finished file (speech + head + tail) at the target RMS. */
  gainDb: number;
  /** 10th percentile of 50 ms windows inside the trimmed span, before the gain (dB). */
  noiseFloorDb: number | null;
}

const toDb = (meanSquare: number): number | null =>
  meanSquare > 0 ? 10 * Math.log10(meanSquare) : null;

/**
 * The gain for a target RMS over the FINISHED file: its energy is the speech's times the gain,
 * spread over speech plus head and tail, so g² = target · total / (speech mean square · speech).
 */
export function planGain(
  analysis: SourceAnalysis,
  targetRmsDb: number,
  paddingSeconds: number,
): GainPlan {
  const { windows, windowSeconds } = analysis;
  let energy = 0;
  for (const w of windows) energy += w;
  const overall = toDb(energy / Math.max(1, windows.length));
  if (overall === null) throw new AppError('invalid_audio', 'The source audio is digital silence.');
  // Edges at the level they will have after the gain (first estimate from the whole source).
  const threshold = 10 ** ((SILENCE_THRESHOLD_DB - (targetRmsDb - overall)) / 10);
  let first = 0;
  while (first < windows.length && windows[first]! <= threshold) first++;
  let last = windows.length - 1;
  while (last > first && windows[last]! <= threshold) last--;
  if (first >= windows.length) first = 0;
  let spanEnergy = 0;
  for (let i = first; i <= last; i++) spanEnergy += windows[i]!;
  const spanSeconds = (last - first + 1) * windowSeconds;
  const meanSquare = spanEnergy / (last - first + 1);
  const target = 10 ** (targetRmsDb / 10);
  const gain2 = (target * (spanSeconds + paddingSeconds)) / (meanSquare * spanSeconds);
  // Noise floor of the span: 50 ms windows (five 10 ms ones), 10th percentile.
  const fifty: number[] = [];
  for (let i = first; i + 4 <= last; i += 5)
    fifty.push(
      (windows[i]! + windows[i + 1]! + windows[i + 2]! + windows[i + 3]! + windows[i + 4]!) / 5,
    );
  fifty.sort((a, b) => a - b);
  const floor = fifty.length > 0 ? fifty[Math.max(0, Math.ceil(fifty.length * 0.1) - 1)]! : 0;
  return {
    startSeconds: first * windowSeconds,
    endSeconds: (last + 1) * windowSeconds,
    gainDb: 10 * Math.log10(gain2),
    noiseFloorDb: toDb(floor),
  };
}
