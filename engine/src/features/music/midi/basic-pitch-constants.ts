/**
 * The numbers that define Basic Pitch's model (spotify/basic-pitch, basic_pitch/constants.py),
 * in one place: the window the ONNX graph expects, its frame rate, its 88-key and
 * 264-contour-bin outputs, and the overlap the published inference uses between windows.
 */

export const SAMPLE_RATE = 22_050;
export const FFT_HOP = 256;
/** The published code's frames per second (floor of 22050 / 256); used to size the output. */
export const ANNOTATIONS_FPS = Math.floor(SAMPLE_RATE / FFT_HOP);
/** Two seconds less one hop: the model's fixed input length. */
export const WINDOW_SAMPLES = SAMPLE_RATE * 2 - FFT_HOP;
/** Output frames per window (2 s × 86). */
export const FRAMES_PER_WINDOW = ANNOTATIONS_FPS * 2;
/** Frames shared by neighbouring windows; half is dropped from each side when unwrapping. */
export const OVERLAP_FRAMES = 30;
export const OVERLAP_SAMPLES = OVERLAP_FRAMES * FFT_HOP;
export const HALF_OVERLAP_FRAMES = OVERLAP_FRAMES / 2;
/** Samples from one window's start to the next. */
export const WINDOW_HOP = WINDOW_SAMPLES - OVERLAP_SAMPLES;
/** Frames each window contributes after unwrapping. */
export const KEPT_FRAMES_PER_WINDOW = FRAMES_PER_WINDOW - OVERLAP_FRAMES;

export const N_PITCHES = 88;
/** MIDI number of pitch index 0 (A0). */
export const MIDI_OFFSET = 21;
export const CONTOUR_BINS_PER_SEMITONE = 3;
export const N_CONTOUR_BINS = N_PITCHES * CONTOUR_BINS_PER_SEMITONE;

/** Output tensor names of nmp.onnx (checked against the graph's output shapes at load). */
export const MODEL_INPUT = 'serving_default_input_2:0';
export const MODEL_OUTPUTS = {
  contours: 'StatefulPartitionedCall:0',
  frames: 'StatefulPartitionedCall:1',
  onsets: 'StatefulPartitionedCall:2',
} as const;

/** Milliseconds → frames, rounded as the published `minimum_note_length` conversion does. */
export function msToFrames(ms: number): number {
  return Math.round((ms / 1000) * (SAMPLE_RATE / FFT_HOP));
}
