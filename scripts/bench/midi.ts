/**
 * `npm run bench -- midi`: the engine's Basic Pitch pipeline (nmp.onnx through ONNX Runtime in
 * the engine's worker pool, our note creation) against the peer, Spotify's own
 * `@spotify/basic-pitch` on TensorFlow.js (its bundled graph model, loaded from node_modules
 * through an in-memory IO handler since there is no network), on the same 22.05 kHz audio in the
 * same run. Both decode once (not timed) and are timed warm (after one untimed call), from PCM
 * to note list, at the same settings (onset 0.5, frame 0.3, 11 frames, onsets inferred, melodia
 * trick). Prints wall time, real-time factor, the ratio, and note agreement: precision, recall
 * and F1 of our notes against the peer's (same pitch, onset within 50 ms).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import {
  BasicPitch,
  noteFramesToTime,
  outputToNotesPoly,
  addPitchBendsToNoteEvents,
} from '@spotify/basic-pitch';
import { decodeAudio, resolveFfmpeg } from '../../engine/src/audio/index.ts';
import {
  msToFrames,
  SAMPLE_RATE,
} from '../../engine/src/features/music/midi/basic-pitch-constants.ts';
import { matchNotes, type ScoredNote } from '../../engine/src/features/music/midi/note-matching.ts';
import {
  TRANSCRIBE_TASK,
  type TranscribeTaskInput,
  type TranscribeTaskOutput,
} from '../../engine/src/features/music/midi/transcribe-task.ts';
import { WorkerPool } from '../../engine/src/jobs/worker-pool.ts';
import { ROOT } from '../ensure-studio-built.ts';

const SECONDS = 30;
const CLIPS = [
  ['piano (Bach BWV 846 render)', 'music/piano_midi_de/bach_846.excerpt60.flac'],
  ['bass (Slakh S03 render)', 'music/slakh_track00001/audio_excerpt_90-121s/bass.flac'],
] as const;

interface ModelJson {
  modelTopology: tf.io.ModelArtifacts['modelTopology'];
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
}

/** The peer's graph model straight from node_modules (tf.io handler reading the files). */
function peerModel(): Promise<tf.GraphModel> {
  const dir = path.join(ROOT, 'node_modules/@spotify/basic-pitch/model');
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8')) as ModelJson;
  const shards = json.weightsManifest.flatMap((group) =>
    group.paths.map((p) => fs.readFileSync(path.join(dir, p))),
  );
  const weights = Buffer.concat(shards);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
      userDefinedMetadata: json.userDefinedMetadata,
    }),
  };
  return tf.loadGraphModel(handler);
}

async function peerNotes(basicPitch: BasicPitch, audio: Float32Array): Promise<ScoredNote[]> {
  const frames: number[][] = [];
  const onsets: number[][] = [];
  const contours: number[][] = [];
  await basicPitch.evaluateModel(
    audio,
    (f, o, c) => {
      frames.push(...f);
      onsets.push(...o);
      contours.push(...c);
    },
    () => {},
  );
  const notes = noteFramesToTime(
    addPitchBendsToNoteEvents(
      contours,
      outputToNotesPoly(frames, onsets, 0.5, 0.3, 11, true, null, null, true, 11),
    ),
  );
  return notes.map((n) => ({ onset: n.startTimeSeconds, pitch: n.pitchMidi }));
}

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function benchMidi(): Promise<void> {
  const dataDir = process.env.TAPEHOUSE_DATA_DIR;
  const modelsDir = process.env.TAPEHOUSE_MODELS_DIR;
  if (!dataDir || !modelsDir) {
    console.error('midi bench: set TAPEHOUSE_DATA_DIR and TAPEHOUSE_MODELS_DIR (../shared/...).');
    process.exitCode = 2;
    return;
  }
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const pool = new WorkerPool(1);
  await tf.setBackend('cpu');
  const basicPitch = new BasicPitch(peerModel());
  const ours = (audio: Float32Array) =>
    pool.run<TranscribeTaskOutput>(TRANSCRIBE_TASK, {
      modelPath: path.join(modelsDir, 'midi/nmp.onnx'),
      executionProviders: null,
      audio,
      notes: { onsetThreshold: 0.5, frameThreshold: 0.3, minNoteFrames: msToFrames(128) },
      detectTempo: false,
    } satisfies TranscribeTaskInput);
  console.log(
    `Audio to MIDI: engine (ONNX Runtime, worker) vs @spotify/basic-pitch (TF.js ${tf.version.tfjs}, ${tf.getBackend()} backend), ${SECONDS} s clips`,
  );
  console.log(
    [
      'clip',
      'ours ms',
      'ours RTF',
      'peer ms',
      'peer RTF',
      'speed-up',
      'notes ours/peer',
      'agree P',
      'agree R',
      'agree F1',
    ].join('\t'),
  );
  try {
    for (const [name, file] of CLIPS) {
      const full = path.join(dataDir, file);
      if (!fs.existsSync(full)) {
        console.log(`${name}\tmissing ${full}`);
        continue;
      }
      const audio = (
        await decodeAudio(ffmpeg, full, {
          sampleRate: SAMPLE_RATE,
          channels: 1,
          durationSeconds: SECONDS,
        })
      ).samples;
      const seconds = audio.length / SAMPLE_RATE;
      await ours(audio.subarray(0, SAMPLE_RATE * 3).slice()); // warm: session load
      await peerNotes(basicPitch, audio.subarray(0, SAMPLE_RATE * 3).slice()); // warm: graph compile
      const a = await time(() => ours(audio.slice()));
      const b = await time(() => peerNotes(basicPitch, audio));
      const oursNotes = a.value.notes.map((n) => ({ onset: n.startSeconds, pitch: n.pitch }));
      const agree = matchNotes(b.value, oursNotes);
      console.log(
        [
          name,
          a.ms.toFixed(0),
          (a.ms / 1000 / seconds).toFixed(4),
          b.ms.toFixed(0),
          (b.ms / 1000 / seconds).toFixed(4),
          `${(b.ms / a.ms).toFixed(1)}x`,
          `${oursNotes.length}/${b.value.length}`,
          agree.precision.toFixed(3),
          agree.recall.toFixed(3),
          agree.f1.toFixed(3),
        ].join('\t'),
      );
    }
  } finally {
    await pool.close();
  }
}
