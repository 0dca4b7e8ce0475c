/**
 * The work of turning checked samples into a voice (the `voice_cloning` job and the instant
 * clone): the prompt the cloning pack imitates (voice-prompt.ts), the reference audio kept as
 * the voice's file, a gender hint from the measured pitch, and, when the similarity pack is
 * installed, how close the new voice sounds to its sample.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudio, encodeAudio, resamplePcm } from '../../../audio/index.ts';
import type { SpeakableVoice } from '../catalog/voice-catalog.ts';
import { cosine, similarityModel } from '../cloning/speaker-similarity.ts';
import { previewText } from '../catalog/voice-preview.ts';
import type { ReadyClonePack } from '../cloning/clone-packs.ts';
import type { CustomVoiceDeps } from './custom-deps.ts';
import { writePrompt, type VoicePrompt } from './voice-prompt.ts';

const RATE = 16_000;

async function mono16k(deps: CustomVoiceDeps, file: string, signal?: AbortSignal) {
  return (
    await decodeAudio(await deps.ffmpeg(), file, {
      sampleRate: RATE,
      channels: 1,
      ...(signal && { signal }),
    })
  ).samples;
}

/** The voice's reference recording: the (cleaned) first sample as 16-bit WAV, mono. */
export async function writeReference(
  deps: CustomVoiceDeps,
  source: string,
  dest: string,
  signal?: AbortSignal,
): Promise<void> {
  const pcm = await decodeAudio(await deps.ffmpeg(), source, {
    channels: 1,
    ...(signal && { signal }),
  });
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  await encodeAudio(await deps.ffmpeg(), pcm, dest, { format: 'wav', ...(signal && { signal }) });
}

/** Adult speaking pitch: men mostly below ~155 Hz, women above ~165 Hz; between, no hint. */
export function genderFromF0(f0: number): 'male' | 'female' | null {
  if (f0 <= 0) return null;
  if (f0 < 155) return 'male';
  return f0 > 165 ? 'female' : null;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
}

/**
 * Cosine between speaker embeddings (cloning/speaker-similarity.ts) of the new voice speaking
 * its preview text and of the first sample, or null without a speaker-embedding pack.
 */
export async function cloneSimilarity(
  deps: CustomVoiceDeps,
  voice: SpeakableVoice,
  sample: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const model = similarityModel(deps.models, deps.config.home);
  if (!model) return null;
  const spoken = await deps.synth.synthesize(voice, {
    text: previewText(voice.language),
    speed: 1,
    ...(signal && { signal }),
  });
  const speech = await resamplePcm(
    await deps.ffmpeg(),
    { samples: spoken.samples, sampleRate: spoken.sampleRate, channels: 1 },
    { sampleRate: RATE, channels: 1, ...(signal && { signal }) },
  );
  const a = await deps.sherpa.embedding(model.file, speech.samples, signal);
  const b = await deps.sherpa.embedding(model.file, await mono16k(deps, sample, signal), signal);
  return Math.round(cosine(a, b) * 1000) / 1000;
}

/** The voice's prompt in its folder, for `pack` (voice-prompt.ts). */
export function preparePrompt(
  deps: CustomVoiceDeps,
  pack: ReadyClonePack,
  sample: string,
  dir: string,
  options: { referenceText: string | null; language: string | null; signal?: AbortSignal },
): Promise<VoicePrompt> {
  return writePrompt(deps, sample, dir, {
    referenceText: options.referenceText,
    needsText: pack.needsTranscript,
    language: options.language,
    transcribe: deps.hearing.transcriber,
    ...(options.signal && { signal: options.signal }),
  });
}

/** The caller gave the words, or an installed speech recognition pack can hear them. */
export function wordsAvailable(deps: CustomVoiceDeps, referenceText: string | null): boolean {
  return Boolean(referenceText) || deps.hearing.transcriber?.ready() === true;
}
