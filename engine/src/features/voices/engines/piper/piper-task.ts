/**
 * Worker-pool task: one Piper (VITS) synthesis. Phonemizes with eSpeak NG, maps phonemes to
 * ids with the voice's map, and runs the model once per sentence with onnxruntime-node
 * (inputs `input` [1,N] int64, `input_lengths` [1] int64, `scales` [3] float32 = noise_scale,
 * length_scale, noise_w, and `sid` [1] int64 for multi-speaker voices; output float PCM
 * [1,1,T] at the voice's sample rate). Sessions and parsed configs stay cached in the worker;
 * the audio buffer is moved, not copied, to the caller.
 */
import fs from 'node:fs';
import ort from 'onnxruntime-node';
import { AppError, throwIfCancelled } from '../../../../errors.ts';
import { createSessionCache, type SessionCache } from '../../../../inference/session-cache.ts';
import type { WorkerTask } from '../../../../jobs/worker-protocol.ts';
import { phonemizeSentences, type PhonemizedSentence } from '../phonemes/espeak-phonemizer.ts';
import type { TtsResult, TtsTiming } from '../tts-engine.ts';
import { phonemesToIds } from './piper-phoneme-ids.ts';
import {
  espeakVoiceOf,
  readPiperVoiceConfig,
  type PiperVoiceConfig,
} from './piper-voice-config.ts';

export const PIPER_TASK = new URL(import.meta.url);

export interface PiperTaskInput {
  modelPath: string;
  configPath: string;
  text: string;
  /** `ipa`: the text already is IPA phonemes (one sentence), eSpeak is skipped. */
  input: 'text' | 'ipa';
  /** Speaker id for multi-speaker voices; null = 0. */
  speakerId: number | null;
  /** API speed; length_scale = the voice's length_scale / speed. */
  speed: number;
  /** Multiplies noise_scale and noise_w: livelier (above 1) or flatter (below 1) delivery. */
  energy: number;
  executionProviders: string[] | null;
  /** Reuse phonemes of clauses this worker has phonemized before (default true). */
  phonemeCache?: boolean;
}

export interface PiperTaskResult extends TtsResult {
  /** Phonemes the voice has no id for, with how often each was skipped. */
  missingPhonemes: Record<string, number>;
  phonemeIdCount: number;
}

/** What a Piper VITS export takes; anything else is a variant we cannot feed. */
const PIPER_INPUTS = new Set(['input', 'input_lengths', 'scales', 'sid']);

let sessions: SessionCache | null = null;
const configs = new Map<string, { mtimeMs: number; config: PiperVoiceConfig }>();

function configFor(file: string): PiperVoiceConfig {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = configs.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.config;
  const config = readPiperVoiceConfig(file);
  configs.set(file, { mtimeMs, config });
  return config;
}

export function piperScales(
  config: PiperVoiceConfig,
  speed: number,
  energy: number,
): [number, number, number] {
  const { noiseScale, lengthScale, noiseW } = config.inference;
  return [noiseScale * energy, lengthScale / speed, noiseW * energy];
}

/** True when `array` spans a whole (movable) buffer, so moving the buffer moves just the array. */
function ownsBuffer(array: Float32Array): array is Float32Array<ArrayBuffer> {
  return (
    array.buffer instanceof ArrayBuffer &&
    array.byteOffset === 0 &&
    array.byteLength === array.buffer.byteLength
  );
}

/**
 * The sentences' audio end to end. One sentence (what narration sends: a chunk is a sentence,
 * features/voices/text/speech-plan.ts) is the model's output buffer itself: ONNX Runtime's Node
 * binding already copied it into a buffer of its own, so a second copy would buy nothing.
 */
export function joinSentences(
  chunks: readonly Float32Array[],
  total: number,
): Float32Array<ArrayBuffer> {
  const [only] = chunks;
  if (chunks.length === 1 && only !== undefined && ownsBuffer(only)) return only;
  const samples = new Float32Array(total);
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk, at);
    at += chunk.length;
  }
  return samples;
}

async function sentencesOf(input: PiperTaskInput, config: PiperVoiceConfig) {
  if (input.input === 'ipa') {
    const phonemes = Array.from(input.text.normalize('NFD'));
    return [{ textOffset: 0, textLength: input.text.length, phonemes }] as PhonemizedSentence[];
  }
  return phonemizeSentences(input.text, espeakVoiceOf(config), {
    cache: input.phonemeCache ?? true,
  });
}

export const run: WorkerTask<PiperTaskInput, PiperTaskResult> = async (input, ctx) => {
  throwIfCancelled(ctx.signal);
  const config = configFor(input.configPath);
  // One sentence per call, like the streaming denoisers that ran slower on WebGPU than on the
  // CPU (inference/session-cache.ts); no real voice could be timed on a GPU here, so voices stay
  // on cpu unless the user forces a GPU provider. Idle intra-op threads sleep: spin-waiting
  // between Piper's many small operators cost ~40% on a busy 2-core machine (issue 19).
  sessions ??= createSessionCache(
    { executionProviders: input.executionProviders },
    { automaticGpu: false, spinWait: false },
  );
  const session = await sessions.getSession(input.modelPath);
  const unsupported = session.inputNames.filter((name) => !PIPER_INPUTS.has(name));
  if (unsupported.length > 0) {
    throw new AppError(
      'validation_error',
      `${input.modelPath} is not a Piper voice this engine can run: it needs inputs ` +
        `${unsupported.join(', ')} (e.g. a zero-shot or prosody variant)`,
      { details: { file: input.modelPath, unsupported_inputs: unsupported } },
    );
  }
  const multiSpeaker = session.inputNames.includes('sid');
  const speakerId = input.speakerId ?? 0;
  if (speakerId !== 0 && (!multiSpeaker || speakerId >= config.num_speakers)) {
    throw new AppError(
      'validation_error',
      `speaker ${speakerId} does not exist in this voice (${config.num_speakers} speaker(s))`,
      { details: { speaker_id: speakerId, num_speakers: config.num_speakers } },
    );
  }
  const scales = Float32Array.from(piperScales(config, input.speed, input.energy));
  const sentences = await sentencesOf(input, config);
  const chunks: Float32Array[] = [];
  const timings: TtsTiming[] = [];
  const missing: Record<string, number> = {};
  let total = 0;
  let idCount = 0;
  for (const [index, sentence] of sentences.entries()) {
    throwIfCancelled(ctx.signal);
    const { ids, missing: skipped } = phonemesToIds(sentence.phonemes, config);
    for (const [phoneme, count] of skipped) missing[phoneme] = (missing[phoneme] ?? 0) + count;
    idCount += ids.length;
    const feeds: Record<string, ort.Tensor> = {
      input: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(ids.length)]), [1]),
      scales: new ort.Tensor('float32', scales, [3]),
    };
    if (multiSpeaker) {
      feeds.sid = new ort.Tensor('int64', BigInt64Array.from([BigInt(speakerId)]), [1]);
    }
    const outputs = await session.run(feeds);
    const first = session.outputNames[0] ?? 'output';
    const audio = outputs[first]?.data;
    if (!(audio instanceof Float32Array)) {
      throw new AppError('internal_error', `Piper model output "${first}" is not float32 audio`);
    }
    timings.push({
      kind: 'sentence',
      textOffset: sentence.textOffset,
      textLength: sentence.textLength,
      startSeconds: total / config.audio.sample_rate,
    });
    chunks.push(audio);
    total += audio.length;
    ctx.progress(((index + 1) / sentences.length) * 100, 'synthesizing');
  }
  const samples = joinSentences(chunks, total);
  ctx.transfer?.(samples.buffer);
  return {
    samples,
    sampleRate: config.audio.sample_rate,
    timings,
    missingPhonemes: missing,
    phonemeIdCount: idCount,
  };
};
