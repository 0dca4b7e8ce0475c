/**
 * Stage `extract`: the recording's first audio stream as `source.wav` (16-bit, its own rate held
 * to 16–48 kHz, mono or stereo — more channels are folded to stereo), and what the mux stage
 * needs to know about the input (video or not, container). The video stream is left in the
 * upload untouched; the mux stage copies it from there.
 */
import path from 'node:path';
import { probeMedia, requireAudio, runFfmpeg } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import { AppError } from '../../../errors.ts';
import type { Stage } from './stage.ts';
import type { ExtractData } from './stage-data.ts';

const MIN_RATE = 16_000;
const MAX_RATE = 48_000;

export const extractStage: Stage = {
  name: 'extract',
  weight: 4,
  outputs: ['extract.json', 'source.wav'],
  async run(ctx) {
    const info = await probeMedia(ctx.ffmpeg, ctx.inputPath, { signal: ctx.signal });
    if (info.audio === null)
      throw new AppError('invalid_audio', `${ctx.row.originalFilename} has no audio to translate.`);
    const audio = requireAudio(info, ctx.inputPath);
    const sampleRate = Math.min(MAX_RATE, Math.max(MIN_RATE, audio.sample_rate ?? 44_100));
    const channels = Math.min(2, audio.channels ?? 1);
    const out = ctx.folder.path('source.partial.wav');
    await runFfmpeg(
      ctx.ffmpeg,
      [
        '-y',
        '-i',
        ffmpegInputArg(ctx.inputPath),
        '-map',
        `0:${audio.index}`,
        '-vn',
        '-ac',
        String(channels),
        '-ar',
        String(sampleRate),
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        out,
      ],
      {
        signal: ctx.signal,
        totalSeconds: info.duration_seconds,
        onProgress: (fraction) => ctx.progress(fraction),
        what: `reading the audio of ${ctx.row.originalFilename}`,
        inputArg: ffmpegInputArg(ctx.inputPath),
      },
    );
    ctx.folder.adopt(out, 'source.wav');
    const data: ExtractData = {
      duration: info.duration_seconds ?? ctx.row.durationSeconds,
      sampleRate,
      channels,
      isVideo: info.has_video,
      format: info.format,
      extension: path.extname(ctx.row.originalFilename).toLowerCase(),
    };
    ctx.folder.write('extract.json', data);
  },
};
