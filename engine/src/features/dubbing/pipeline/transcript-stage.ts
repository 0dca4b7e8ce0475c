/**
 * Stage `transcripts`: the translation's transcript (`transcript.json`): every line with its
 * speaker, source text and times, its translation (and whether the user edited it), and where
 * and how it was spoken in the dub; each speaker with the voice they were given; and subtitles
 * in both languages, SRT and WebVTT (transcript.ts).
 */
import fs from 'node:fs';
import { AppError } from '../../../errors.ts';
import type { Stage, StageContext } from './stage.ts';
import {
  extractData,
  fitData,
  recognizeData,
  separateData,
  translateData,
  voicesData,
} from './stage-data.ts';
import { subtitles, type DubTranscript } from './transcript.ts';

/** The subtitle files written beside the transcript, by language and format. */
export const SUBTITLE_FILES = {
  source_srt: 'subtitles/source.srt',
  source_vtt: 'subtitles/source.vtt',
  target_srt: 'subtitles/target.srt',
  target_vtt: 'subtitles/target.vtt',
} as const;

export function buildTranscript(ctx: Pick<StageContext, 'folder' | 'row'>): DubTranscript {
  const extract = ctx.folder.read('extract.json', extractData);
  const separation = ctx.folder.read('separate.json', separateData);
  const heard = ctx.folder.read('recognize.json', recognizeData);
  const translated = ctx.folder.read('translate.json', translateData);
  const voices = ctx.folder.read('voices.json', voicesData);
  const fit = ctx.folder.read('fit.json', fitData);
  if (!extract || !separation || !heard || !translated || !voices || !fit)
    throw new AppError('internal_error', 'An earlier stage left nothing.');
  return {
    source_language: heard.language,
    source_detected: heard.detected,
    target_language: ctx.row.targetLanguage,
    duration: extract.duration,
    separation,
    recognition: { pack: heard.pack },
    translation: { engine: translated.engine, packs: translated.packs },
    speakers: voices.speakers.map((v) => ({
      label: v.label,
      gender: v.gender,
      age: v.age,
      f0: v.f0,
      voice: {
        method: v.method,
        pack: v.pack,
        voice_id: v.voiceId,
        voice_name: v.voiceName,
        conversion: v.conversion,
        prompt_seconds: v.promptSeconds,
      },
    })),
    segments: heard.segments.map((s) => {
      const line = translated.lines[String(s.id)];
      const place = fit.placements[String(s.id)];
      return {
        id: s.id,
        speaker: s.speaker,
        start: s.start,
        end: s.end,
        text: s.text,
        translation: line?.text ?? '',
        machine_translation: line?.machine ?? '',
        edited: line?.edited ?? false,
        words: s.words,
        dub: place
          ? {
              start: place.start,
              end: place.end,
              speed: place.speed,
              borrowed: place.borrowed,
              shortened: place.shortened,
              cut: place.cut,
            }
          : null,
      };
    }),
  };
}

export const transcriptStage: Stage = {
  name: 'transcripts',
  weight: 2,
  outputs: ['transcript.json', ...Object.values(SUBTITLE_FILES)],
  async run(ctx) {
    const transcript = buildTranscript(ctx);
    for (const language of ['source', 'target'] as const)
      for (const format of ['srt', 'vtt'] as const)
        fs.writeFileSync(
          ctx.folder.path(SUBTITLE_FILES[`${language}_${format}`]),
          subtitles(transcript, language, format),
        );
    ctx.folder.write('transcript.json', transcript);
    ctx.progress(1);
  },
};
