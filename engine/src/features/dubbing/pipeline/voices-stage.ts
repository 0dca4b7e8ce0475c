/**
 * Stage `voices`: a voice for each speaker (docs/api/speech-translation.md, "Voices"). Each
 * speaker's prompt is cut from their own longest lines in the separated speech (3–10 s); its
 * median pitch gives the speaker's gender and whether it is a child. Then:
 *
 * - a cloning pack speaks the target language → the speaker is cloned from that prompt;
 * - else a catalog voice of the target language matched by gender and age, a different one for
 *   each speaker (voices area, distinct voices), converted to the speaker's timbre when a
 *   conversion pack is installed.
 */
import { createHash } from 'node:crypto';
import { decodeAudio, encodeAudio } from '../../../audio/index.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import { genderFromF0, measureVoice, type SpeakableVoice } from '../../voices/index.ts';
import { speechPlan } from '../dub-plan.ts';
import type { Stage, StageContext } from './stage.ts';
import {
  recognizeData,
  type DubSegment,
  type SpeakerVoice,
  type VoicesData,
} from './stage-data.ts';

export const PROMPT_RATE = 24_000;
const PROMPT_MIN_SECONDS = 3;
const PROMPT_MAX_SECONDS = 10;
const PROMPT_GAP_SECONDS = 0.15;
/** Above this median pitch a voice is taken for a child's (adult women speak at ~165–255 Hz). */
const CHILD_F0 = 260;

function seedOf(id: number, label: string): number {
  return createHash('sha256').update(`${id}:${label}`).digest().readUInt32LE(0) % 2_147_483_647;
}

/** The speaker's longest lines until the prompt is long enough, in spoken order. */
function promptLines(lines: readonly DubSegment[]): DubSegment[] {
  const chosen: DubSegment[] = [];
  let total = 0;
  for (const line of [...lines].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (total >= PROMPT_MIN_SECONDS * 2) break;
    const seconds = Math.min(line.end - line.start, PROMPT_MAX_SECONDS - total);
    if (seconds < 0.5) continue;
    chosen.push(line);
    total += seconds + PROMPT_GAP_SECONDS;
  }
  return chosen.sort((a, b) => a.start - b.start);
}

async function writePrompt(
  ctx: StageContext,
  label: string,
  lines: readonly DubSegment[],
): Promise<{ file: string; seconds: number; samples: Float32Array }> {
  const parts: Float32Array[] = [];
  let total = 0;
  const gap = new Float32Array(Math.round(PROMPT_GAP_SECONDS * PROMPT_RATE));
  for (const line of lines) {
    throwIfCancelled(ctx.signal);
    const seconds = Math.min(line.end - line.start, PROMPT_MAX_SECONDS - total);
    if (seconds <= 0) break;
    const pcm = await decodeAudio(ctx.ffmpeg, ctx.folder.path('speech.wav'), {
      sampleRate: PROMPT_RATE,
      channels: 1,
      startSeconds: line.start,
      durationSeconds: seconds,
      signal: ctx.signal,
    });
    if (parts.length > 0) parts.push(gap);
    parts.push(pcm.samples);
    total += seconds + PROMPT_GAP_SECONDS;
  }
  const samples = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  const file = `prompts/${label}.wav`;
  await encodeAudio(
    ctx.ffmpeg,
    { samples, sampleRate: PROMPT_RATE, channels: 1 },
    ctx.folder.path(file),
    {
      format: 'wav',
      signal: ctx.signal,
    },
  );
  return { file, seconds: samples.length / PROMPT_RATE, samples };
}

function catalogVoice(
  ctx: StageContext,
  target: string,
  gender: 'male' | 'female' | null,
  age: 'child' | 'adult',
  taken: number[],
): SpeakableVoice {
  const pick = (options: Parameters<StageContext['deps']['voices']['distinctVoices']>[1]) =>
    ctx.deps.voices.distinctVoices(target, options)[0];
  const voice =
    pick({ ...(gender && { gender }), age, exclude: taken, count: 1 }) ??
    pick({ ...(gender && { gender }), exclude: taken, count: 1 }) ??
    pick({ exclude: taken, count: 1 }) ??
    pick({ count: 1 });
  if (!voice) throw new AppError('validation_error', `No voice on this machine speaks ${target}.`);
  return voice;
}

export const voicesStage: Stage = {
  name: 'voices',
  weight: 4,
  outputs: ['voices.json'],
  async run(ctx) {
    const heard = ctx.folder.read('recognize.json', recognizeData);
    if (!heard) throw new AppError('internal_error', 'The recognition stage left nothing.');
    const target = ctx.row.targetLanguage;
    const plan = speechPlan(ctx.deps, heard.language, target);
    if ('stage' in plan)
      throw new AppError('validation_error', plan.message, { details: { ...plan } });
    const speakers: SpeakerVoice[] = [];
    const taken: number[] = [];
    for (const [index, label] of heard.speakers.entries()) {
      const lines = promptLines(heard.segments.filter((s) => s.speaker === label));
      const prompt = await writePrompt(ctx, label, lines);
      const f0 = measureVoice(prompt.samples, PROMPT_RATE).f0;
      const gender = genderFromF0(f0);
      const age = f0 > CHILD_F0 ? 'child' : 'adult';
      const base = {
        label,
        f0: Math.round(f0 * 10) / 10,
        gender,
        age,
        prompt: prompt.file,
        promptText: lines.map((l) => l.text).join(' '),
        promptSeconds: Math.round(prompt.seconds * 100) / 100,
        seed: seedOf(ctx.row.id, label),
      } as const;
      if (plan.method === 'clone') {
        speakers.push({
          ...base,
          method: 'clone',
          pack: plan.pack,
          voiceId: null,
          voiceName: null,
          conversion: null,
        });
      } else {
        const voice = catalogVoice(ctx, target, gender, age, taken);
        taken.push(voice.id);
        speakers.push({
          ...base,
          method: 'catalog',
          pack: voice.packId,
          voiceId: voice.id,
          voiceName: voice.name,
          conversion: plan.conversion,
        });
      }
      ctx.progress((index + 1) / heard.speakers.length);
    }
    const data: VoicesData = { speakers };
    ctx.folder.write('voices.json', data);
  },
};
