// Real Basic Pitch (nmp.onnx) in a worker on a real piano render with MIDI ground truth.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio, resolveFfmpeg } from '../../../audio/index.ts';
import { WorkerPool } from '../../../jobs/worker-pool.ts';
import { realData, realModel } from '../../../../../test/helpers/requirements.ts';
import { matchNotes } from './note-matching.ts';
import {
  TRANSCRIBE_TASK,
  type TranscribeTaskInput,
  type TranscribeTaskOutput,
} from './transcribe-task.ts';

const pool = new WorkerPool(1);
afterAll(() => pool.close());

describe('Basic Pitch transcription task (real model, real render)', () => {
  it('transcribes the Bach prelude render: onset F1 above 0.6 at the contract defaults', async () => {
    const model = realModel('midi/nmp.onnx');
    const dir = realData('music/piano_midi_de');
    if (model === null || dir === null) return;
    const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
    const seconds = 20;
    const pcm = await decodeAudio(ffmpeg, path.join(dir, 'bach_846.excerpt60.flac'), {
      sampleRate: 22_050,
      channels: 1,
      durationSeconds: seconds,
    });
    const input: TranscribeTaskInput = {
      modelPath: model,
      executionProviders: ['cpu'],
      audio: pcm.samples,
      notes: { onsetThreshold: 0.5, frameThreshold: 0.3, minNoteFrames: 11 },
      detectTempo: true,
    };
    const progress: number[] = [];
    const out = await pool.run<TranscribeTaskOutput>(TRANSCRIBE_TASK, input, {
      onProgress: (percent) => progress.push(percent),
    });
    const reference = fs
      .readFileSync(path.join(dir, 'bach_846.excerpt60.notes.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => ({ onset: Number(cells[0]), pitch: Number(cells[2]) }))
      .filter((n) => n.onset < seconds - 0.5);
    const estimated = out.notes
      .filter((n) => n.startSeconds < seconds - 0.5)
      .map((n) => ({ onset: n.startSeconds, pitch: n.pitch }));
    const scores = matchNotes(reference, estimated);
    expect(scores.recall).toBeGreaterThan(0.9);
    expect(scores.f1).toBeGreaterThan(0.6);
    expect(out.frames).toBe(Math.floor(seconds * 86));
    expect(
      out.notes.every((n) => n.pitch >= 21 && n.pitch <= 108 && n.durationSeconds > 0.12),
    ).toBe(true);
    // Every note of the arpeggiated prelude overlaps another: one pitch wheel, so no bends.
    expect(out.notes.every((n) => n.bends === null)).toBe(true);
    expect(out.tempoBpm).not.toBeNull();
    expect(progress.length).toBeGreaterThan(2);
  });

  it('gives solo sung notes pitch bends that follow the voice (vocadito)', async () => {
    const model = realModel('midi/nmp.onnx');
    const dir = realData('music/vocadito');
    if (model === null || dir === null) return;
    const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
    const pcm = await decodeAudio(ffmpeg, path.join(dir, 'Audio/vocadito_1.wav'), {
      sampleRate: 22_050,
      channels: 1,
      durationSeconds: 15,
    });
    const out = await pool.run<TranscribeTaskOutput>(TRANSCRIBE_TASK, {
      modelPath: model,
      executionProviders: ['cpu'],
      audio: pcm.samples,
      notes: {},
      detectTempo: false,
    } satisfies TranscribeTaskInput);
    const bent = out.notes.filter((n) => n.bends !== null);
    expect(bent.length).toBeGreaterThan(3);
    expect(bent.some((n) => n.bends!.some((b) => b !== 0))).toBe(true);
    for (const n of bent) expect(n.bends!.every((b) => Math.abs(b) <= 25)).toBe(true);
  });

  it('answers no notes for silence', async () => {
    const model = realModel('midi/nmp.onnx');
    if (model === null) return;
    const out = await pool.run<TranscribeTaskOutput>(TRANSCRIBE_TASK, {
      modelPath: model,
      executionProviders: ['cpu'],
      audio: new Float32Array(22_050 * 5),
      notes: {},
      detectTempo: true,
    } satisfies TranscribeTaskInput);
    expect(out.notes).toEqual([]);
    expect(out.tempoBpm).toBeNull();
  });
});
