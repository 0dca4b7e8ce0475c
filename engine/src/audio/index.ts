/**
 * The audio core's public API. Everything takes an `Ffmpeg` handle (resolveFfmpeg's result)
 * instead of reading a global, and long calls take an AbortSignal and a progress callback.
 */
export type { AudioLevels, Ffmpeg, FfmpegProgress, PcmAudio, ProgressCallback } from './types.ts';

export {
  FFMPEG_FIX_HINT,
  FFMPEG_SOURCES,
  findOnPath,
  resolveFfmpeg,
  verifyFfmpeg,
  type FfmpegAttempt,
  type FfmpegInfo,
  type FfmpegSource,
  type ResolveFfmpegOptions,
} from './ffmpeg-locate.ts';

export {
  killAllFfmpeg,
  runFfmpeg,
  runningFfmpegPids,
  startFfmpeg,
  type FfmpegInput,
  type FfmpegProcess,
  type FfmpegResult,
  type FfmpegRunOptions,
  type StdoutMode,
} from './ffmpeg-run.ts';

export { probeMedia, requireAudio, type AudioStreamInfo, type MediaInfo } from './probe.ts';

export { decodeAudio, decodeAudioStream, type DecodeOptions, type PcmChunk } from './decode.ts';

export {
  ENCODE_FORMATS,
  encodeAudio,
  type EncodeFormat,
  type EncodeOptions,
  type EncodeResult,
} from './encode.ts';

export { changeTempo, resamplePcm, type ResampleOptions } from './resample.ts';

export {
  decodeWav,
  encodeWav,
  readWavFile,
  writeWavFile,
  type WavAudio,
  type WavSampleFormat,
  type WavWriteFormat,
} from './wav.ts';

export {
  NOISE_FLOOR_PERCENTILE,
  NOISE_FLOOR_WINDOW_SECONDS,
  LevelMeter,
  amplitudeToDb,
  measurePcm,
  type NoiseFloorOptions,
  type PcmLevels,
} from './measure.ts';

export {
  measureFileLevels,
  measureLoudness,
  measurePcmLevels,
  type FileLevelsOptions,
  type LoudnessSummary,
  type MeasureOptions,
} from './loudness.ts';

export {
  peakMagnitudes,
  waveformFromFile,
  waveformPeaks,
  waveformPeaksFromFile,
  type WaveformOptions,
  type WaveformPeaks,
} from './waveform.ts';

export { WavStreamWriter } from './wav-stream.ts';

export { deinterleave, durationSeconds, frameCount, interleave, mixToMono } from './pcm.ts';
