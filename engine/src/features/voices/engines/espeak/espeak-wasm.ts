/**
 * The eSpeak NG WASM module (@echogarden/espeak-ng-emscripten), instantiated once per worker
 * thread and shared by everything that runs there: speech synthesis (espeak-task.ts) and IPA
 * phonemization for the neural voices (phonemes/espeak-phonemizer.ts). Loading it reads ~24 MB
 * of voice data, so two copies per worker would double memory for nothing. eSpeak is
 * synchronous and single-threaded: callers set the voice they need before every use, through
 * selectVoice, which skips the reload when that voice is already the current one.
 */
import type { EspeakModule, EspeakWorker } from '@echogarden/espeak-ng-emscripten';

export interface EspeakRuntime {
  module: EspeakModule;
  worker: EspeakWorker;
}

let runtime: Promise<EspeakRuntime> | null = null;

export function espeakRuntime(): Promise<EspeakRuntime> {
  runtime ??= import('@echogarden/espeak-ng-emscripten').then(async (mod) => {
    const module = await mod.default();
    return { module, worker: new module.eSpeakNGWorker() };
  });
  return runtime;
}

/** The voice each instance was last set to, while nothing since can have changed it. */
const currentVoice = new WeakMap<EspeakWorker, string>();

/**
 * Sets the instance's voice (set_voice's result: 0 = done). Setting a voice reloads its
 * dictionary (~0.5–1.5 ms in WASM), so a phonemizer call in the voice already set skips it.
 */
export function selectVoice(worker: EspeakWorker, name: string): number {
  if (currentVoice.get(worker) === name) return 0;
  const result = worker.set_voice(name);
  if (result === 0) currentVoice.set(worker, name);
  else currentVoice.delete(worker);
  return result;
}

/** Forgets the instance's voice, after something that may switch it (SSML synthesis). */
export function forgetVoice(worker: EspeakWorker): void {
  currentVoice.delete(worker);
}

/** Reads the NUL-terminated UTF-8 string a VoidPtr points at. */
export function readCString(module: EspeakModule, pointer: object): string {
  const start = module.getPointer(pointer);
  const heap = module.HEAPU8;
  let end = start;
  while (end < heap.length && heap[end] !== 0) end++;
  return Buffer.from(heap.subarray(start, end)).toString('utf8');
}
