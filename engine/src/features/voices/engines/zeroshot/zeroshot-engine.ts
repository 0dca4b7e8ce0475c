/**
 * Cloned voices behind the TtsEngine interface: a zero-shot VITS voice of a cloning pack
 * (cloning/clone-packs.ts) speaking with a custom voice's speaker embedding. The request's
 * `voice` is the catalog key `zeroshot:<pack>#<voice uuid>`; the locator turns it into the
 * pack's model and config and the voice's embedding file. Synthesis is the Piper task (same
 * phonemes, ids, scales and timings) with the embedding fed to `speaker_embedding`.
 */
import fs from 'node:fs';
import { AppError } from '../../../../errors.ts';
import type { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { PIPER_TASK, type PiperTaskInput, type PiperTaskResult } from '../piper/piper-task.ts';
import type { TtsEngine, TtsRequest } from '../tts-engine.ts';

export const ZEROSHOT_MODEL_ID = 'tapehouse-zeroshot';

export interface ZeroShotVoiceFiles {
  modelPath: string;
  configPath: string;
  /** Raw little-endian float32 embedding. */
  embeddingPath: string;
}

export type ZeroShotLocator = (pack: string, voiceUuid: string) => ZeroShotVoiceFiles;

export function zeroShotVoiceKey(packId: string, voiceUuid: string): string {
  return `zeroshot:${packId}#${voiceUuid}`;
}

export function parseZeroShotKey(key: string): { pack: string; uuid: string } {
  const match = /^zeroshot:([a-z0-9-]+)#([0-9a-f-]{36})$/.exec(key);
  if (!match?.[1] || !match[2])
    throw new AppError('voice_not_found', `"${key}" is not a cloned voice`, { details: { key } });
  return { pack: match[1], uuid: match[2] };
}

export function readEmbedding(file: string): Float32Array {
  const bytes = fs.readFileSync(file);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

export function writeEmbedding(file: string, embedding: Float32Array): void {
  fs.writeFileSync(file, Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength));
}

export class ZeroShotEngine implements TtsEngine {
  readonly modelId = ZEROSHOT_MODEL_ID;

  constructor(
    private readonly workers: WorkerPool,
    private readonly locate: ZeroShotLocator,
    private readonly options: { executionProviders?: string[] | null } = {},
  ) {}

  async synthesize(request: TtsRequest): Promise<PiperTaskResult> {
    const key = parseZeroShotKey(request.voice);
    const files = this.locate(key.pack, key.uuid);
    const input: PiperTaskInput = {
      modelPath: files.modelPath,
      configPath: files.configPath,
      text: request.text,
      input: request.input ?? 'text',
      speakerId: null,
      speed: request.speed,
      energy: request.energy ?? 1,
      executionProviders: this.options.executionProviders ?? null,
      speakerEmbedding: readEmbedding(files.embeddingPath),
    };
    return this.workers.run<PiperTaskResult>(PIPER_TASK, input, {
      signal: request.signal,
      onProgress: request.onProgress,
    });
  }
}
