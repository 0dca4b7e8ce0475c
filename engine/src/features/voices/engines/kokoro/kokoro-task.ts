/**
 * Worker-pool task: one Kokoro (82M) synthesis with our own adapter (no kokoro-js). Text is
 * phonemized with eSpeak NG in the voice's language, mapped to Kokoro's vocabulary, split into
 * pieces of at most 510 tokens, and each piece runs through the published ONNX export:
 * `input_ids` (or `tokens` in the kokoro-onnx release) [1, n+2] int64 with a 0 pad at both ends,
 * `style` [1,256] float32 = the voice's style row for n tokens, `speed` [1] float32 →
 * waveform at 24 kHz. Sessions, vocabularies and style tables stay cached in the worker.
 */
import ort from 'onnxruntime-node';
import { AppError, throwIfCancelled } from '../../../../errors.ts';
import { createSessionCache, type SessionCache } from '../../../../inference/session-cache.ts';
import type { WorkerTask } from '../../../../jobs/worker-protocol.ts';
import { phonemizeSentences } from '../phonemes/espeak-phonemizer.ts';
import type { TtsResult, TtsTiming } from '../tts-engine.ts';
import { kokoroTokenize, readKokoroVocab, splitTokens, type KokoroVocab } from './kokoro-vocab.ts';
import { mixStyleTables } from './kokoro-blend.ts';
import { readStyleTable, styleFor, type StyleTable } from './kokoro-voice-pack.ts';
import { kokoroVoiceInfo } from './kokoro-voices.ts';

export const KOKORO_TASK = new URL(import.meta.url);
export const KOKORO_SAMPLE_RATE = 24_000;

export interface KokoroTaskInput {
  modelPath: string;
  /** config.json holding the vocab. */
  vocabPath: string;
  /** A .bin/.npy style table, or an npz holding `<voice>.npy`. */
  voicesPath: string;
  voice: string;
  /** A blend (kokoro-blend.ts): each voice's table and weight; `voice` names the first. */
  blend?: { voicesPath: string; voice: string; weight: number }[];
  text: string;
  input: 'text' | 'ipa';
  speed: number;
  executionProviders: string[] | null;
}

export interface KokoroTaskResult extends TtsResult {
  missingPhonemes: Record<string, number>;
  tokenCount: number;
}

let sessions: SessionCache | null = null;
const vocabs = new Map<string, KokoroVocab>();
const styles = new Map<string, StyleTable>();

function vocabFor(file: string): KokoroVocab {
  let vocab = vocabs.get(file);
  if (!vocab) {
    vocab = readKokoroVocab(file);
    vocabs.set(file, vocab);
  }
  return vocab;
}

function stylesFor(file: string, voice: string): StyleTable {
  const key = `${file}\u0000${voice}`;
  let table = styles.get(key);
  if (!table) {
    table = readStyleTable(file, voice);
    styles.set(key, table);
  }
  return table;
}

async function sentencesOf(input: KokoroTaskInput) {
  if (input.input === 'ipa') {
    return [{ textOffset: 0, textLength: input.text.length, phonemes: Array.from(input.text) }];
  }
  const info = kokoroVoiceInfo(input.voice);
  return phonemizeSentences(input.text, info?.language.espeak ?? 'en-us');
}

export const run: WorkerTask<KokoroTaskInput, KokoroTaskResult> = async (input, ctx) => {
  throwIfCancelled(ctx.signal);
  const vocab = vocabFor(input.vocabPath);
  const table = input.blend
    ? mixStyleTables(
        input.blend.map((part) => stylesFor(part.voicesPath, part.voice)),
        input.blend.map((part) => part.weight),
      )
    : stylesFor(input.voicesPath, input.voice);
  // One sentence per call, like the streaming denoisers that ran slower on WebGPU than on the
  // CPU (inference/session-cache.ts); no real voice could be timed on a GPU here, so voices stay
  // on cpu unless the user forces a GPU provider.
  sessions ??= createSessionCache(
    { executionProviders: input.executionProviders },
    { automaticGpu: false },
  );
  const session = await sessions.getSession(input.modelPath);
  const idsName = session.inputNames.includes('input_ids') ? 'input_ids' : 'tokens';
  if (!session.inputNames.includes(idsName) || !session.inputNames.includes('style')) {
    throw new AppError(
      'validation_error',
      `${input.modelPath} is not a Kokoro export (inputs: ${session.inputNames.join(', ')})`,
    );
  }
  const sentences = await sentencesOf(input);
  const chunks: Float32Array[] = [];
  const timings: TtsTiming[] = [];
  const missing: Record<string, number> = {};
  let total = 0;
  let tokenCount = 0;
  // The published exports take float32; kokoro-onnx also knows an int32 variant.
  const speedInput = session.inputMetadata.find((m) => m.name === 'speed');
  const speed =
    speedInput?.isTensor === true && speedInput.type === 'int32'
      ? new ort.Tensor('int32', Int32Array.from([Math.round(input.speed)]), [1])
      : new ort.Tensor('float32', Float32Array.from([input.speed]), [1]);
  for (const [index, sentence] of sentences.entries()) {
    const { ids, missing: skipped } = kokoroTokenize(sentence.phonemes.join(''), vocab);
    for (const [symbol, count] of skipped) missing[symbol] = (missing[symbol] ?? 0) + count;
    timings.push({
      kind: 'sentence',
      textOffset: sentence.textOffset,
      textLength: sentence.textLength,
      startSeconds: total / KOKORO_SAMPLE_RATE,
    });
    for (const piece of splitTokens(ids, vocab.get(' '))) {
      throwIfCancelled(ctx.signal);
      tokenCount += piece.length;
      const padded = BigInt64Array.from([0, ...piece, 0], BigInt);
      const outputs = await session.run({
        [idsName]: new ort.Tensor('int64', padded, [1, padded.length]),
        style: new ort.Tensor('float32', styleFor(table, piece.length), [1, 256]),
        speed,
      });
      const first = session.outputNames[0] ?? 'waveform';
      const audio = outputs[first]?.data;
      if (!(audio instanceof Float32Array)) {
        throw new AppError('internal_error', `Kokoro output "${first}" is not float32 audio`);
      }
      chunks.push(audio);
      total += audio.length;
    }
    ctx.progress(((index + 1) / sentences.length) * 100, 'synthesizing');
  }
  const samples = new Float32Array(total);
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk, at);
    at += chunk.length;
  }
  return {
    samples,
    sampleRate: KOKORO_SAMPLE_RATE,
    timings,
    missingPhonemes: missing,
    tokenCount,
  };
};
