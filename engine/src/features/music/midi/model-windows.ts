/**
 * Cutting audio into the model's overlapping windows and stitching the per-window outputs back
 * into one posteriorgram, as the published inference does: the audio is front-padded with half
 * an overlap of silence, windows of 43 844 samples start every 36 164 samples (the last one
 * zero-padded), 15 frames are dropped from both ends of every window's output, and the result
 * is trimmed to the audio's length. Also maps an output frame index to seconds exactly.
 */
import {
  ANNOTATIONS_FPS,
  FFT_HOP,
  HALF_OVERLAP_FRAMES,
  KEPT_FRAMES_PER_WINDOW,
  OVERLAP_SAMPLES,
  SAMPLE_RATE,
  WINDOW_HOP,
  WINDOW_SAMPLES,
} from './basic-pitch-constants.ts';

const FRONT_PAD = OVERLAP_SAMPLES / 2;

export function windowCount(samples: number): number {
  return Math.max(1, Math.ceil((samples + FRONT_PAD) / WINDOW_HOP));
}

/** Output frames the whole audio yields (the published trim). */
export function outputFrameCount(samples: number): number {
  return Math.floor(samples * (ANNOTATIONS_FPS / SAMPLE_RATE));
}

/** Copies window `index` of `audio` into `target` at `offset` (zeros where the audio is not). */
export function fillWindow(
  audio: Float32Array,
  index: number,
  target: Float32Array,
  offset = 0,
): void {
  const start = index * WINDOW_HOP - FRONT_PAD;
  target.fill(0, offset, offset + WINDOW_SAMPLES);
  const from = Math.max(0, start);
  const to = Math.min(audio.length, start + WINDOW_SAMPLES);
  if (to > from) target.set(audio.subarray(from, to), offset + (from - start));
}

/**
 * Appends the kept frames of one window's output (`frames × width`, row-major) to `target`,
 * a `totalFrames × width` matrix, for window `index`. Frames past the end are dropped.
 */
export function unwrapWindow(
  output: Float32Array,
  width: number,
  index: number,
  target: Float32Array,
  totalFrames: number,
): void {
  const first = index * KEPT_FRAMES_PER_WINDOW;
  const count = Math.min(KEPT_FRAMES_PER_WINDOW, totalFrames - first);
  if (count <= 0) return;
  const source = output.subarray(
    HALF_OVERLAP_FRAMES * width,
    (HALF_OVERLAP_FRAMES + count) * width,
  );
  target.set(source, first * width);
}

/**
 * Seconds of output frame `frame`. Window w's local frame j sits at sample
 * w·hop − pad + j·256 of the audio; a kept frame has j = local + 15, so the pad cancels. (The
 * published code approximates this with a per-172-frame drift correction; this is exact.)
 */
export function frameToSeconds(frame: number): number {
  const window = Math.floor(frame / KEPT_FRAMES_PER_WINDOW);
  const local = frame - window * KEPT_FRAMES_PER_WINDOW;
  return (window * WINDOW_HOP + local * FFT_HOP) / SAMPLE_RATE;
}
