/**
 * Stage `fit`: every spoken line placed in its slot (fit-plan.ts: at most 1.35× faster, then
 * the following silence, then a shorter wording, never over the next line), sped up with
 * ffmpeg's atempo (pitch kept), brought to the mix's rate, and given the gain that matches its
 * source line's level. A line the user edited keeps their words: it is never reworded, only
 * sped up, run on or cut. Writes `fitted/<id>.wav` and `fit.json`; lines already placed are kept.
 */
import fs from 'node:fs';
import {
  changeTempo,
  decodeAudio,
  decodeWav,
  encodeWav,
  resamplePcm,
  type PcmAudio,
} from '../../../audio/index.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import { fitLine, fits, slotsOf, type Fit, type Slot } from './fit-plan.ts';
import { speakLine } from './line-voice.ts';
import { condense, shorterWordings } from './shorter-wording.ts';
import { lineFile } from './speak-stage.ts';
import type { Stage, StageContext } from './stage.ts';
import {
  extractData,
  fitData,
  recognizeData,
  translateData,
  voicesData,
  type DubSegment,
  type FitData,
  type SpeakerVoice,
} from './stage-data.ts';

const MAX_GAIN_DB = 12;
const FADE_SECONDS = 0.03;

export function fittedFile(id: number): string {
  return `fitted/${id}.wav`;
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const x of samples) sum += x * x;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

interface Take {
  audio: PcmAudio;
  fit: Fit;
  wording: string | null;
}

/** The line as spoken, or — when it does not fit — the first shorter wording that does. */
async function bestTake(
  ctx: StageContext,
  segment: DubSegment,
  slot: Slot,
  voice: SpeakerVoice,
  text: string,
  edited: boolean,
  sourceLanguage: string,
): Promise<Take> {
  const wav = decodeWav(fs.readFileSync(ctx.folder.path(lineFile(segment.id))));
  const audio: PcmAudio = { samples: wav.samples, sampleRate: wav.sampleRate, channels: 1 };
  let best: Take = {
    audio,
    fit: fitLine(audio.samples.length / audio.sampleRate, slot),
    wording: null,
  };
  if (fits(best.fit) || edited || text === '') return best;
  const condensedSource = condense(segment.text, sourceLanguage);
  const extra =
    condensedSource !== segment.text
      ? await ctx.deps.translator.translate(
          [condensedSource],
          ctx.deps.translator.plan(sourceLanguage, ctx.row.targetLanguage),
          { signal: ctx.signal },
        )
      : [];
  for (const wording of shorterWordings(text, ctx.row.targetLanguage, extra)) {
    throwIfCancelled(ctx.signal);
    const spoken = await speakLine(ctx, voice, wording);
    const fit = fitLine(spoken.samples.length / spoken.sampleRate, slot);
    if (fits(fit)) return { audio: spoken, fit, wording };
    if (fit.cut < best.fit.cut) best = { audio: spoken, fit, wording };
  }
  return best;
}

async function placed(ctx: StageContext, take: Take, rate: number): Promise<Float32Array> {
  let audio = take.audio;
  if (take.fit.speed > 1.001)
    audio = await changeTempo(ctx.ffmpeg, audio, take.fit.speed, ctx.signal);
  audio = await resamplePcm(ctx.ffmpeg, audio, {
    sampleRate: rate,
    channels: 1,
    signal: ctx.signal,
  });
  if (take.fit.cut <= 0) return audio.samples;
  const keep = Math.max(0, audio.samples.length - Math.round(take.fit.cut * rate));
  const out = audio.samples.slice(0, keep);
  const fade = Math.min(out.length, Math.round(FADE_SECONDS * rate));
  for (let i = 0; i < fade; i++) out[out.length - 1 - i]! *= i / fade;
  return out;
}

export const fitStage: Stage = {
  name: 'fit',
  weight: 6,
  outputs: ['fit.json'],
  async run(ctx) {
    const heard = ctx.folder.read('recognize.json', recognizeData);
    const translated = ctx.folder.read('translate.json', translateData);
    const voices = ctx.folder.read('voices.json', voicesData);
    const extract = ctx.folder.read('extract.json', extractData);
    if (!heard || !translated || !voices || !extract)
      throw new AppError('internal_error', 'An earlier stage left nothing.');
    const slots = slotsOf(heard.segments, extract.duration);
    const result: FitData = ctx.folder.read('fit.json', fitData) ?? { placements: {} };
    const todo = heard.segments.filter(
      (s) => !result.placements[String(s.id)] || !ctx.folder.exists(fittedFile(s.id)),
    );
    for (const [index, segment] of todo.entries()) {
      throwIfCancelled(ctx.signal);
      const slot = slots.get(segment.id);
      const voice = voices.speakers.find((v) => v.label === segment.speaker);
      const line = translated.lines[String(segment.id)];
      if (!slot || !voice || !line)
        throw new AppError('internal_error', `Line ${segment.id} is incomplete.`);
      const take = await bestTake(
        ctx,
        segment,
        slot,
        voice,
        line.text,
        line.edited,
        heard.language,
      );
      const samples = await placed(ctx, take, extract.sampleRate);
      const source = await decodeAudio(ctx.ffmpeg, ctx.folder.path('speech.wav'), {
        sampleRate: 16_000,
        channels: 1,
        startSeconds: segment.start,
        durationSeconds: Math.max(0.05, segment.end - segment.start),
        signal: ctx.signal,
      });
      const [want, have] = [rms(source.samples), rms(samples)];
      const gainDb =
        want > 0 && have > 0
          ? Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, 20 * Math.log10(want / have)))
          : 0;
      fs.writeFileSync(
        ctx.folder.path(fittedFile(segment.id)),
        encodeWav({ samples, sampleRate: extract.sampleRate, channels: 1 }, 'f32'),
      );
      result.placements[String(segment.id)] = {
        start: slot.start,
        end: Math.round((slot.start + samples.length / extract.sampleRate) * 1000) / 1000,
        speed: take.fit.speed,
        borrowed: take.fit.borrowed,
        shortened: take.wording,
        cut: take.fit.cut,
        gainDb: Math.round(gainDb * 10) / 10,
      };
      ctx.folder.write('fit.json', result);
      ctx.progress((index + 1) / todo.length);
    }
    ctx.folder.write('fit.json', result);
  },
};
