/**
 * One track's transcription as the job runs it: decode the file to 22.05 kHz mono with ffmpeg
 * (at most the length limit), then hand the PCM to the Basic Pitch worker task, mapping the
 * API options (milliseconds, thresholds) to note-creation settings.
 */
import { decodeAudio } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { MusicDeps } from '../music-deps.ts';
import { msToFrames, SAMPLE_RATE } from './basic-pitch-constants.ts';
import { MAX_MIDI_INPUT_SECONDS } from './midi-limits.ts';
import type { MidiOptions } from './midi-schema.ts';
import type { NoteCreationOptions } from './note-creation.ts';
import {
  TRANSCRIBE_TASK,
  type TranscribeTaskInput,
  type TranscribeTaskOutput,
} from './transcribe-task.ts';

export const BASIC_PITCH_PACK = 'basic-pitch';

export function noteCreationOptions(options: MidiOptions): Partial<NoteCreationOptions> {
  return {
    onsetThreshold: options.onset_threshold,
    frameThreshold: options.frame_threshold,
    minNoteFrames: msToFrames(options.min_note_len_ms),
    melodiaTrick: options.melodia_trick,
  };
}

export async function decodeForModel(
  deps: MusicDeps,
  file: string,
  signal: AbortSignal,
): Promise<Float32Array> {
  const ffmpeg = await deps.ffmpeg.require();
  const pcm = await decodeAudio(ffmpeg, file, {
    sampleRate: SAMPLE_RATE,
    channels: 1,
    durationSeconds: MAX_MIDI_INPUT_SECONDS + 1,
    signal,
  });
  if (pcm.samples.length > MAX_MIDI_INPUT_SECONDS * SAMPLE_RATE) {
    throw new AppError(
      'invalid_audio',
      `The audio is longer than ${MAX_MIDI_INPUT_SECONDS / 60} minutes, the most one MIDI job transcribes.`,
      { details: { max_seconds: MAX_MIDI_INPUT_SECONDS } },
    );
  }
  return pcm.samples;
}

export async function transcribeAudio(
  deps: MusicDeps,
  audio: Float32Array,
  request: {
    options: MidiOptions | null;
    detectTempo: boolean;
    signal: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<TranscribeTaskOutput> {
  const input: TranscribeTaskInput = {
    modelPath: deps.models.resolveModelFile(BASIC_PITCH_PACK, 'nmp.onnx'),
    executionProviders: deps.config.executionProviders,
    audio,
    notes: request.options === null ? null : noteCreationOptions(request.options),
    detectTempo: request.detectTempo,
  };
  return deps.workers.run<TranscribeTaskOutput>(TRANSCRIBE_TASK, input, {
    signal: request.signal,
    onProgress: (percent) => request.onProgress?.(percent / 100),
  });
}
