/**
 * The eSpeak NG WASM module (@echogarden/espeak-ng-emscripten), instantiated once per worker
 * thread and shared by everything that runs there: speech synthesis (espeak-task.ts) and IPA
 * phonemization for the neural voices (phonemes/espeak-phonemizer.ts). Loading it reads ~24 MB
 * of voice data, so two copies per worker would double memory for nothing. eSpeak is
 * synchronous and single-threaded: callers set the voice they need before every use, through
 * selectVoice, which skips the reload when that voice is already the current one.
 */
import v8 from 'node:v8';
import type { EspeakModule, EspeakWorker } from '@echogarden/espeak-ng-emscripten';

/**
 * The package's eSpeak NG is wasm2js output (plain JavaScript, not WASM), and one of its hot
 * functions is bigger than the 60 KB of bytecode (61,440) past which V8 never optimizes a
 * function, so phonemization ran half-interpreted. With the limit at 128 KB the bench text
 * (533 characters) phonemizes in ~1.9 ms at best and 1.8–2.0 ms at the quartile against 4–10 ms
 * and 12–16 ms (load ~10 on 2 cores; 70 KB already sufficed). V8 flags are per process and read
 * when V8 decides to optimize, so this is set once, before the module is first loaded; a limit
 * given on the command line is left as it is.
 */
export const MAX_OPTIMIZED_BYTECODE_SIZE = 131_072;

function allowOptimizingEspeak(): void {
  if (process.execArgv.some((arg) => arg.startsWith('--max-optimized-bytecode-size'))) return;
  v8.setFlagsFromString(`--max-optimized-bytecode-size=${MAX_OPTIMIZED_BYTECODE_SIZE}`);
}

export interface EspeakRuntime {
  module: EspeakModule;
  worker: EspeakWorker;
}

let runtime: Promise<EspeakRuntime> | null = null;

export function espeakRuntime(): Promise<EspeakRuntime> {
  if (runtime === null) allowOptimizingEspeak();
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
