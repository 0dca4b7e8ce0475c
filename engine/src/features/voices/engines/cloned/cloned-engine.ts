/**
 * Cloned voices behind the TtsEngine interface (docs/api/voices-engines.md, "Cloning engines"):
 * a ZipVoice or PocketTTS pack speaking in the voice of a custom voice's prompt — a few seconds
 * of its sample (custom/voice-prompt.ts) and, for ZipVoice, the words spoken in it. sherpa-onnx
 * runs the model in the cloning child (cloning/sherpa-tts-host.ts).
 *
 * Our own part: the text goes to the model one sentence at a time (sentence timings, progress,
 * and a cancel between sentences), PocketTTS with a seed fixed per voice (the same text in the
 * same voice sounds the same). Pace is ours too: the models speak at their own pace and the
 * audio is time-stretched to the requested speed without changing pitch (ffmpeg's atempo).
 * PocketTTS has no pace input; ZipVoice's export scales the prompt's frames by its `speed` as
 * well, so above 1 a sentence shorter than the prompt gets fewer frames than the prompt has and
 * sherpa-onnx overruns its buffer (measured: the generated model of that signature crashed the
 * child, `malloc(): invalid size`), and below 1 the prompt's audio no longer lines up with its
 * frames. docs/api/voices-engines.md, "Cloning engines".
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { changeTempo, readWavFile, type Ffmpeg, type PcmAudio } from '../../../../audio/index.ts';
import { AppError, throwIfCancelled } from '../../../../errors.ts';
import type { ReadyClonePack } from '../../cloning/clone-packs.ts';
import type { SherpaTtsHost } from '../../cloning/sherpa-tts-host.ts';
import { splitSentences } from '../../text/sentences.ts';
import type { TtsEngine, TtsRequest, TtsResult, TtsTiming } from '../tts-engine.ts';
import { parseClonedVoiceKey } from './cloned-voice-key.ts';

export const CLONED_MODEL_ID = 'tapehouse-clone';

export interface ClonedVoiceFiles {
  pack: ReadyClonePack;
  /** The voice's prompt: mono WAV, and the words spoken in it (null when none). */
  promptPath: string;
  promptText: string | null;
  language: string;
}

export type ClonedVoiceLocator = (pack: string, voiceUuid: string) => ClonedVoiceFiles;

/** sherpa-onnx's own defaults: ZipVoice distill 4 flow steps, PocketTTS 5. */
const NUM_STEPS = { zipvoice: 4, pocket: 5 } as const;
const PROMPT_CACHE = 8;

function seedOf(uuid: string): number {
  return createHash('sha256').update(uuid).digest().readUInt32LE(0) % 2_147_483_647;
}

function join(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export class ClonedVoiceEngine implements TtsEngine {
  readonly modelId = CLONED_MODEL_ID;
  private readonly prompts = new Map<string, PcmAudio>();

  constructor(
    private readonly host: SherpaTtsHost,
    private readonly locate: ClonedVoiceLocator,
    private readonly ffmpeg: () => Promise<Ffmpeg>,
    private readonly options: { numThreads?: number } = {},
  ) {}

  async synthesize(request: TtsRequest): Promise<TtsResult> {
    if (request.input === 'ipa')
      throw new AppError('validation_error', 'Cloned voices read text, not IPA phonemes.');
    const key = parseClonedVoiceKey(request.voice);
    return this.synthesizeWith(this.locate(key.pack, key.uuid), seedOf(key.uuid), request);
  }

  /**
   * Speaks in the voice of any prompt clip, not only a custom voice's (speech translation
   * clones each speaker from their own segments). `seed` fixes PocketTTS's sampling noise.
   */
  async synthesizeWith(
    voice: ClonedVoiceFiles,
    seed: number,
    request: Omit<TtsRequest, 'voice'>,
  ): Promise<TtsResult> {
    const prompt = await this.prompt(voice.promptPath);
    const sentences = splitSentences(request.text, voice.language);
    const parts: Float32Array[] = [];
    const timings: TtsTiming[] = [];
    let rate = 24_000;
    let total = 0;
    for (const [index, sentence] of sentences.entries()) {
      throwIfCancelled(request.signal);
      const audio = await this.host.speak(
        {
          model: voice.pack.model,
          numThreads: this.options.numThreads ?? 2,
          text: sentence.text,
          reference: prompt.samples,
          referenceRate: prompt.sampleRate,
          referenceText: voice.promptText ?? '',
          speed: 1,
          numSteps: NUM_STEPS[voice.pack.family],
          seed,
        },
        request.signal,
      );
      rate = audio.sampleRate;
      timings.push({
        kind: 'sentence',
        textOffset: sentence.start,
        textLength: sentence.end - sentence.start,
        startSeconds: total / rate,
      });
      parts.push(audio.samples);
      total += audio.samples.length;
      request.onProgress?.(((index + 1) / sentences.length) * 100, 'synthesizing');
    }
    let samples = join(parts);
    if (request.speed !== 1 && samples.length > 0) {
      const stretched = await changeTempo(
        await this.ffmpeg(),
        { samples, sampleRate: rate, channels: 1 },
        request.speed,
        request.signal,
      );
      samples = stretched.samples;
      for (const timing of timings) timing.startSeconds /= request.speed;
    }
    return { samples, sampleRate: rate, timings };
  }

  /** The prompt clip, read once per file (a voice's prompt is rewritten only by a new job). */
  private async prompt(file: string): Promise<PcmAudio> {
    const key = `${file}:${fs.statSync(file).mtimeMs}`;
    const cached = this.prompts.get(key);
    if (cached) return cached;
    const wav = await readWavFile(file);
    if (wav.channels !== 1) throw new AppError('internal_error', `${file} is not mono`);
    while (this.prompts.size >= PROMPT_CACHE)
      this.prompts.delete(this.prompts.keys().next().value ?? '');
    const pcm = { samples: wav.samples, sampleRate: wav.sampleRate, channels: 1 };
    this.prompts.set(key, pcm);
    return pcm;
  }
}
