/**
 * The numbers an ACX package must meet (document 2, "What the service does" 6–7; issue 7), in one
 * place: the validator checks them, the mastering chain aims inside them, the docs list them
 * (docs/api/export.md, "Rules").
 */
export const ACX_RULES = {
  format: 'mp3',
  /** CBR, at least this (Tapehouse writes exactly 192). */
  minBitrateKbps: 192,
  sampleRate: 44_100,
  channels: 1,
  rmsMinDb: -23,
  rmsMaxDb: -18,
  truePeakMaxDb: -3,
  noiseFloorMaxDb: -60,
  headMinSeconds: 0.5,
  headMaxSeconds: 1,
  tailMinSeconds: 1,
  tailMaxSeconds: 5,
  maxChapterSeconds: 120 * 60,
  maxSampleSeconds: 5 * 60,
} as const;

/** What the mastering chain aims at, inside the rules with a margin for the encoder. */
export const MASTER_TARGETS = {
  rmsDb: -20,
  /** The limiter's ceiling (sample peak); the encoded MP3's true peak is then checked. */
  limiterCeilingDb: -4.5,
  headSeconds: 0.75,
  tailSeconds: 2,
  /** The room-tone bed under the whole file: shaped (pink, low-passed) noise at this RMS. */
  roomToneDb: -65,
  bitrateKbps: 192,
} as const;

/**
 * A 10 ms window whose RMS is below this is "room tone" when head and tail are measured: speech
 * mastered to −20 dB RMS never dips this low for a whole window; room tone sits at ≈ −65.
 */
export const SILENCE_THRESHOLD_DB = -50;
export const SILENCE_WINDOW_SECONDS = 0.01;
