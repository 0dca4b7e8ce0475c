/**
 * Stage `speak`: each line's translation in its speaker's voice (line-voice.ts), one WAV per
 * line (`speech/<id>.wav`). Lines already spoken are kept, so a retry and a line edit speak
 * only what is missing (an edit removes its line's file first).
 */
import { encodeWav } from '../../../audio/index.ts';
import fs from 'node:fs';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import { speakLine } from './line-voice.ts';
import type { Stage } from './stage.ts';
import {
  recognizeData,
  speakData,
  translateData,
  voicesData,
  type SpeakData,
} from './stage-data.ts';

export function lineFile(id: number): string {
  return `speech/${id}.wav`;
}

export const speakStage: Stage = {
  name: 'speak',
  weight: 22,
  outputs: ['speak.json'],
  async run(ctx) {
    const heard = ctx.folder.read('recognize.json', recognizeData);
    const translated = ctx.folder.read('translate.json', translateData);
    const voices = ctx.folder.read('voices.json', voicesData);
    if (!heard || !translated || !voices)
      throw new AppError('internal_error', 'An earlier stage left nothing.');
    const spoken: SpeakData = ctx.folder.read('speak.json', speakData) ?? { lines: {} };
    const todo = heard.segments.filter(
      (s) => !spoken.lines[String(s.id)] || !ctx.folder.exists(lineFile(s.id)),
    );
    for (const [index, segment] of todo.entries()) {
      throwIfCancelled(ctx.signal);
      const voice = voices.speakers.find((v) => v.label === segment.speaker);
      if (!voice) throw new AppError('internal_error', `No voice for ${segment.speaker}.`);
      const text = translated.lines[String(segment.id)]?.text ?? '';
      const audio = text === '' ? null : await speakLine(ctx, voice, text);
      const samples = audio?.samples ?? new Float32Array(0);
      const sampleRate = audio?.sampleRate ?? 24_000;
      fs.writeFileSync(
        ctx.folder.path(lineFile(segment.id)),
        encodeWav({ samples, sampleRate, channels: 1 }, 'f32'),
      );
      spoken.lines[String(segment.id)] = { text, seconds: samples.length / sampleRate, sampleRate };
      // Written after every line: a crash or cancel keeps what was spoken.
      ctx.folder.write('speak.json', spoken);
      ctx.progress((index + 1) / todo.length);
    }
    ctx.folder.write('speak.json', spoken);
  },
};
