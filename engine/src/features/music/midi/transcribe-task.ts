/**
 * Worker-pool task (jobs/worker-pool.ts): transcribes one mono 22.05 kHz track with Basic Pitch.
 * It runs nmp.onnx over the overlapping windows (a few per call), stitches the outputs into one
 * posteriorgram, creates notes with their pitch bends, and optionally estimates the tempo from
 * the same audio. All of it is CPU-heavy, so none of it may run on the HTTP thread. The ONNX
 * session is cached for the worker's life.
 */
import ort from 'onnxruntime-node';
import { throwIfCancelled } from '../../../errors.ts';
import type { WorkerTask } from '../../../jobs/worker-protocol.ts';
import { createSessionCache, type SessionCache } from '../../../inference/session-cache.ts';
import {
  MODEL_INPUT,
  MODEL_OUTPUTS,
  N_CONTOUR_BINS,
  N_PITCHES,
  SAMPLE_RATE,
  WINDOW_SAMPLES,
} from './basic-pitch-constants.ts';
import {
  fillWindow,
  frameToSeconds,
  outputFrameCount,
  unwrapWindow,
  windowCount,
} from './model-windows.ts';
import { createNotes, type NoteCreationOptions } from './note-creation.ts';
import { noteBends, soloNoteIndices } from './pitch-bends.ts';
import { detectTempo } from './tempo-detection.ts';

/** This module, for deps.workers.run. */
export const TRANSCRIBE_TASK = new URL(import.meta.url);

/** Windows per ONNX call: enough to amortise the call, small enough for frequent progress. */
const BATCH = 4;

export interface TranscribeTaskInput {
  modelPath: string;
  executionProviders: string[] | null;
  /** Mono PCM at 22 050 Hz. */
  audio: Float32Array;
  /** Note-creation settings; null skips transcription (tempo only). */
  notes: Partial<NoteCreationOptions> | null;
  detectTempo: boolean;
}

export interface TranscribedNote {
  pitch: number;
  startSeconds: number;
  durationSeconds: number;
  /** 0..1, the mean frame activation (written as velocity). */
  amplitude: number;
  /** Bends in thirds of a semitone, evenly spaced over the note; absent for overlapped notes. */
  bends: number[] | null;
}

export interface TranscribeTaskOutput {
  notes: TranscribedNote[];
  tempoBpm: number | null;
  frames: number;
}

export interface ModelOutputs {
  nFrames: number;
  frames: Float32Array;
  onsets: Float32Array;
  contours: Float32Array;
}

let cache: SessionCache | null = null;

function outputOf(
  results: ort.InferenceSession.OnnxValueMapType,
  name: string,
  width: number,
): Float32Array {
  const tensor = results[name];
  const dims = tensor?.dims ?? [];
  if (!tensor || dims[dims.length - 1] !== width) {
    throw new Error(
      `nmp.onnx output ${name} is not [n, frames, ${width}] (got [${dims.join(', ')}])`,
    );
  }
  return tensor.data as Float32Array;
}

/** Runs the model over every window and unwraps the three outputs. */
export async function runModel(
  session: ort.InferenceSession,
  audio: Float32Array,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<ModelOutputs> {
  const total = outputFrameCount(audio.length);
  const windows = windowCount(audio.length);
  const frames = new Float32Array(total * N_PITCHES);
  const onsets = new Float32Array(total * N_PITCHES);
  const contours = new Float32Array(total * N_CONTOUR_BINS);
  for (let first = 0; first < windows; first += BATCH) {
    throwIfCancelled(signal);
    const count = Math.min(BATCH, windows - first);
    const batch = new Float32Array(count * WINDOW_SAMPLES);
    for (let b = 0; b < count; b++) fillWindow(audio, first + b, batch, b * WINDOW_SAMPLES);
    const results = await session.run({
      [MODEL_INPUT]: new ort.Tensor('float32', batch, [count, WINDOW_SAMPLES, 1]),
    });
    const f = outputOf(results, MODEL_OUTPUTS.frames, N_PITCHES);
    const o = outputOf(results, MODEL_OUTPUTS.onsets, N_PITCHES);
    const c = outputOf(results, MODEL_OUTPUTS.contours, N_CONTOUR_BINS);
    const perWindow = f.length / count / N_PITCHES;
    for (let b = 0; b < count; b++) {
      unwrapWindow(
        f.subarray(b * perWindow * N_PITCHES, (b + 1) * perWindow * N_PITCHES),
        N_PITCHES,
        first + b,
        frames,
        total,
      );
      unwrapWindow(
        o.subarray(b * perWindow * N_PITCHES, (b + 1) * perWindow * N_PITCHES),
        N_PITCHES,
        first + b,
        onsets,
        total,
      );
      unwrapWindow(
        c.subarray(b * perWindow * N_CONTOUR_BINS, (b + 1) * perWindow * N_CONTOUR_BINS),
        N_CONTOUR_BINS,
        first + b,
        contours,
        total,
      );
    }
    onProgress((first + count) / windows);
  }
  return { nFrames: total, frames, onsets, contours };
}

/** Note creation + bends + times on a stitched posteriorgram. */
export function notesFromOutputs(
  outputs: ModelOutputs,
  options: Partial<NoteCreationOptions>,
): TranscribedNote[] {
  const notes = createNotes(outputs, options);
  const solo = soloNoteIndices(notes);
  return notes
    .map((note, i) => {
      const start = frameToSeconds(note.startFrame);
      return {
        pitch: note.pitch,
        startSeconds: start,
        durationSeconds: frameToSeconds(note.endFrame) - start,
        amplitude: note.amplitude,
        bends: solo.has(i) ? noteBends(outputs.contours, note) : null,
      };
    })
    .sort((a, b) => a.startSeconds - b.startSeconds || a.pitch - b.pitch);
}

export const run: WorkerTask<TranscribeTaskInput, TranscribeTaskOutput> = async (input, ctx) => {
  throwIfCancelled(ctx.signal);
  let notes: TranscribedNote[] = [];
  let frames = 0;
  if (input.notes !== null) {
    cache ??= createSessionCache({ executionProviders: input.executionProviders });
    const session = await cache.getSession(input.modelPath);
    const outputs = await runModel(session, input.audio, ctx.signal, (fraction) =>
      ctx.progress(fraction * 90),
    );
    throwIfCancelled(ctx.signal);
    notes = notesFromOutputs(outputs, input.notes);
    frames = outputs.nFrames;
  }
  ctx.progress(95);
  const tempoBpm = input.detectTempo ? detectTempo(input.audio, SAMPLE_RATE) : null;
  ctx.progress(100);
  return { notes, tempoBpm, frames };
};
