/**
 * Speaks one line in its speaker's voice (voices-stage.ts chose it): a clone from the speaker's
 * prompt, or a catalog voice converted to the speaker's timbre when a conversion pack is
 * installed. The result is mono at the voice's own rate with its leading and trailing silence
 * trimmed, so a line placed at its source line's start begins with speech.
 */
import { decodeAudio, resamplePcm, type PcmAudio } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { StageContext } from './stage.ts';
import type { SpeakerVoice } from './stage-data.ts';

/** Silence is what stays 45 dB below the line's peak. */
const SILENCE_DB = -45;
/** Kept around the speech so onsets and releases are not clipped. */
const PAD_SECONDS = 0.02;

export function trimSilence(audio: PcmAudio): PcmAudio {
  const { samples, sampleRate } = audio;
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  if (peak === 0) return { ...audio, samples: new Float32Array(0) };
  const floor = peak * 10 ** (SILENCE_DB / 20);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) < floor) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) < floor) last--;
  const pad = Math.round(PAD_SECONDS * sampleRate);
  return {
    ...audio,
    samples: samples.slice(Math.max(0, first - pad), Math.min(samples.length, last + 1 + pad)),
  };
}

async function converted(
  ctx: StageContext,
  voice: SpeakerVoice,
  audio: PcmAudio,
): Promise<PcmAudio> {
  const timbre = ctx.deps.voices.timbre;
  const rate = timbre.sampleRate;
  const source = await resamplePcm(ctx.ffmpeg, audio, {
    sampleRate: rate,
    channels: 1,
    signal: ctx.signal,
  });
  const reference = await decodeAudio(ctx.ffmpeg, ctx.folder.path(voice.prompt), {
    sampleRate: rate,
    channels: 1,
    signal: ctx.signal,
  });
  const samples = await timbre.convert(source.samples, reference.samples, ctx.signal);
  return { samples, sampleRate: rate, channels: 1 };
}

export async function speakLine(
  ctx: StageContext,
  voice: SpeakerVoice,
  text: string,
): Promise<PcmAudio> {
  const target = ctx.row.targetLanguage;
  if (voice.method === 'clone') {
    if (!voice.pack) throw new AppError('internal_error', `No cloning pack for ${voice.label}.`);
    const out = await ctx.deps.voices.prompts.speak({
      packId: voice.pack,
      promptPath: ctx.folder.path(voice.prompt),
      promptText: voice.promptText,
      language: target,
      text,
      seed: voice.seed,
      speed: 1,
      signal: ctx.signal,
    });
    return trimSilence({ samples: out.samples, sampleRate: out.sampleRate, channels: 1 });
  }
  const catalogVoice = ctx.deps.voices.catalog.get('', voice.voiceId ?? -1);
  if (!catalogVoice)
    throw new AppError(
      'voice_not_found',
      `The voice chosen for ${voice.label} (${voice.voiceName ?? '?'}) is no longer installed.`,
    );
  const out = await ctx.deps.voices.synth.synthesize(catalogVoice, {
    text,
    speed: 1,
    signal: ctx.signal,
  });
  const spoken: PcmAudio = { samples: out.samples, sampleRate: out.sampleRate, channels: 1 };
  const timbred =
    voice.conversion !== null && ctx.deps.voices.timbre.installed() !== null
      ? await converted(ctx, voice, spoken)
      : spoken;
  return trimSilence(timbred);
}
