/**
 * Stage `mux`: the deliverables. The translated audio in the input's own audio format (a video's
 * as AAC in .m4a); for a video, the video stream(s) COPIED bit for bit from the upload with the
 * dub as its audio, in the same container (MP4, MOV, M4V, MKV, WebM; anything else as MKV),
 * tagged with the target language. ffmpeg does both; nothing is re-encoded but the audio.
 */
import path from 'node:path';
import { encodeAudio, runFfmpeg, type EncodeFormat } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import { AppError } from '../../../errors.ts';
import { ISO_639_2, type DubLanguage } from '../dub-languages.ts';
import type { Stage } from './stage.ts';
import { extractData, type OutputsData } from './stage-data.ts';

/** Audio inputs keep their format; the rest (video, odd formats) get AAC in .m4a. */
const AUDIO_FORMATS: Readonly<Record<string, { format: EncodeFormat; ext: string; type: string }>> =
  {
    '.mp3': { format: 'mp3', ext: '.mp3', type: 'audio/mpeg' },
    '.wav': { format: 'wav', ext: '.wav', type: 'audio/wav' },
    '.flac': { format: 'flac', ext: '.flac', type: 'audio/flac' },
    '.ogg': { format: 'opus', ext: '.opus', type: 'audio/ogg' },
    '.opus': { format: 'opus', ext: '.opus', type: 'audio/ogg' },
    '.m4a': { format: 'm4a', ext: '.m4a', type: 'audio/mp4' },
    '.aac': { format: 'm4a', ext: '.m4a', type: 'audio/mp4' },
  };
const DEFAULT_AUDIO = { format: 'm4a' as EncodeFormat, ext: '.m4a', type: 'audio/mp4' };

const VIDEO_CONTAINERS: Readonly<Record<string, { ext: string; type: string; codec: string[] }>> = {
  '.mp4': {
    ext: '.mp4',
    type: 'video/mp4',
    codec: ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'],
  },
  '.m4v': {
    ext: '.m4v',
    type: 'video/mp4',
    codec: ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'],
  },
  '.mov': { ext: '.mov', type: 'video/quicktime', codec: ['-c:a', 'aac', '-b:a', '192k'] },
  '.mkv': { ext: '.mkv', type: 'video/x-matroska', codec: ['-c:a', 'aac', '-b:a', '192k'] },
  '.webm': { ext: '.webm', type: 'video/webm', codec: ['-c:a', 'libopus', '-b:a', '128k'] },
};
const DEFAULT_VIDEO = VIDEO_CONTAINERS['.mkv']!;

export function outputBase(originalFilename: string): string {
  return path.basename(originalFilename, path.extname(originalFilename)) || 'recording';
}

export const muxStage: Stage = {
  name: 'mux',
  weight: 6,
  outputs: ['outputs.json'],
  async run(ctx) {
    const extract = ctx.folder.read('extract.json', extractData);
    if (!extract) throw new AppError('internal_error', 'The extract stage left nothing.');
    const language = ISO_639_2[ctx.row.targetLanguage as DubLanguage] ?? 'und';
    const audio = extract.isVideo
      ? DEFAULT_AUDIO
      : (AUDIO_FORMATS[extract.extension] ?? DEFAULT_AUDIO);
    const audioName = `translated${audio.ext}`;
    await encodeAudio(ctx.ffmpeg, ctx.folder.path('dub.wav'), ctx.folder.path(audioName), {
      format: audio.format,
      ...(audio.format === 'mp3' && { bitrateKbps: 192 }),
      metadata: { language },
      signal: ctx.signal,
      onProgress: (fraction) => ctx.progress(extract.isVideo ? fraction / 2 : fraction),
    });
    const outputs: OutputsData = {
      audio: audioName,
      audioType: audio.type,
      video: null,
      videoType: null,
    };
    if (extract.isVideo) {
      const container = VIDEO_CONTAINERS[extract.extension] ?? DEFAULT_VIDEO;
      const videoName = `translated${container.ext}`;
      const partial = ctx.folder.path(`translated.partial${container.ext}`);
      await runFfmpeg(
        ctx.ffmpeg,
        [
          '-y',
          '-i',
          ffmpegInputArg(ctx.inputPath),
          '-i',
          ffmpegInputArg(ctx.folder.path('dub.wav')),
          '-map',
          '0:v',
          '-map',
          '1:a:0',
          '-c:v',
          'copy',
          ...container.codec,
          '-map_metadata',
          '0',
          '-metadata:s:a:0',
          `language=${language}`,
          partial,
        ],
        {
          signal: ctx.signal,
          totalSeconds: extract.duration,
          onProgress: (fraction) => ctx.progress(0.5 + fraction / 2),
          what: 'putting the translated audio into the video',
          inputArg: ffmpegInputArg(ctx.inputPath),
        },
      );
      ctx.folder.adopt(partial, videoName);
      outputs.video = videoName;
      outputs.videoType = container.type;
    }
    ctx.folder.write('outputs.json', outputs);
  },
};
