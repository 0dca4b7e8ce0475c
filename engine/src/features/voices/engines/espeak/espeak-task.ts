/**
 * Worker-pool task (jobs/worker-pool.ts): synthesises one text with eSpeak NG compiled to WASM
 * (@echogarden/espeak-ng-emscripten). The module is instantiated once per worker thread and
 * reused; eSpeak itself is single-threaded and synchronous, so it must never run on the HTTP
 * thread.
 */
import { CancelledError } from '../../../../errors.ts';
import type { WorkerTask } from '../../../../jobs/worker-protocol.ts';
import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import { espeakRuntime, forgetVoice } from './espeak-wasm.ts';
import type { TtsResult, TtsTiming } from '../tts-engine.ts';

/** This module, for services.workers.run. */
export const ESPEAK_TASK = new URL(import.meta.url);

export interface EspeakTaskInput {
  text: string;
  voice: string;
  /** Words per minute, already mapped from the API speed (espeak-engine.ts). */
  rate: number;
  /** eSpeak base pitch 0–99 (50 normal), pitch range 0–99 (50 normal), volume 0–200 (100). */
  pitch?: number;
  range?: number;
  volume?: number;
}

export const run: WorkerTask<EspeakTaskInput, TtsResult> = async (input, ctx) => {
  const { worker: engine } = await espeakRuntime();
  if (ctx.signal.aborted) throw new CancelledError();
  return synthesizeOn(engine, input);
};

/** One synthesis on a given eSpeak instance (the worker's shared one, or a fresh one). */
export function synthesizeOn(engine: EspeakWorker, input: EspeakTaskInput): TtsResult {
  // Always set: synthesis reads SSML, whose <voice> tags may leave another voice current.
  forgetVoice(engine);
  engine.set_voice(input.voice);
  engine.rate = input.rate;
  // The WASM instance is shared by every task in this worker: always set, never inherit.
  engine.set_pitch(input.pitch ?? 50);
  engine.set_range(input.range ?? 50);
  engine.set_volume(input.volume ?? 100);
  const sampleRate = engine.samplerate;
  const chunks: Int16Array[] = [];
  const timings: TtsTiming[] = [];
  let total = 0;
  engine.synthesize(input.text, (audio, events) => {
    if (audio) {
      chunks.push(audio);
      total += audio.length;
    }
    for (const event of events) {
      if (event.type !== 'word' && event.type !== 'sentence') continue;
      timings.push({
        kind: event.type,
        // eSpeak counts text positions from 1.
        textOffset: Math.max(0, event.text_position - 1),
        textLength: event.word_length,
        startSeconds: event.audio_position / 1000,
      });
    }
    return 0;
  });
  forgetVoice(engine);
  const samples = new Float32Array(total);
  let at = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) samples[at + i] = (chunk[i] ?? 0) / 32768;
    at += chunk.length;
  }
  return { samples, sampleRate, timings };
}
