/**
 * What the denoised file looks like. The output follows the input unless the caller asks for a
 * format: WAV stays WAV, MP3 stays MP3, FLAC, Ogg/Opus and M4A/AAC likewise; anything else
 * becomes WAV. Sample rate and channels (up to stereo) are the input's.
 *
 * Video input keeps its video stream, copied bit for bit (`-c:v copy`, never re-encoded) into
 * a container that can hold it next to the new audio: MP4/MOV stay MP4 with AAC audio, WebM
 * stays WebM with Opus, everything else (MKV, AVI, …) becomes Matroska with FLAC.
 */
import path from 'node:path';
import type { EncodeFormat } from '../../audio/encode.ts';
import type { MediaInfo } from '../../audio/probe.ts';

export const OUTPUT_FORMATS = ['wav', 'mp3', 'flac', 'opus', 'm4a'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface OutputPlan {
  audio: { format: EncodeFormat; extension: string; contentType: string };
  /** Present for video input: the remuxed video file. */
  video: { extension: string; contentType: string; muxer: string } | null;
}

const AUDIO: Record<OutputFormat, { extension: string; contentType: string }> = {
  wav: { extension: 'wav', contentType: 'audio/wav' },
  mp3: { extension: 'mp3', contentType: 'audio/mpeg' },
  flac: { extension: 'flac', contentType: 'audio/flac' },
  opus: { extension: 'ogg', contentType: 'audio/ogg' },
  m4a: { extension: 'm4a', contentType: 'audio/mp4' },
};

function audioFormatOf(info: MediaInfo): OutputFormat {
  const codec = info.audio?.codec ?? '';
  if (info.format === 'wav') return 'wav';
  if (info.format === 'mp3' || codec === 'mp3') return 'mp3';
  if (info.format === 'flac') return 'flac';
  if (info.format === 'ogg' || codec === 'opus' || codec === 'vorbis') return 'opus';
  if (info.format.includes('mp4') || codec === 'aac' || codec === 'alac') return 'm4a';
  return 'wav';
}

export function planOutput(
  info: MediaInfo,
  filename: string,
  requested: OutputFormat | null,
): OutputPlan {
  if (info.has_video) {
    const ext = path.extname(filename).toLowerCase();
    if (info.format.includes('mp4') || ['.mp4', '.mov', '.m4v'].includes(ext)) {
      return {
        audio: { format: 'm4a', ...AUDIO.m4a },
        video: { extension: 'mp4', contentType: 'video/mp4', muxer: 'mp4' },
      };
    }
    if (ext === '.webm') {
      return {
        audio: { format: 'opus', ...AUDIO.opus },
        video: { extension: 'webm', contentType: 'video/webm', muxer: 'webm' },
      };
    }
    return {
      audio: { format: 'flac', ...AUDIO.flac },
      video: { extension: 'mkv', contentType: 'video/x-matroska', muxer: 'matroska' },
    };
  }
  const format = requested ?? audioFormatOf(info);
  return { audio: { format, ...AUDIO[format] }, video: null };
}

/** A download name: `talk.mp3` → `talk (denoised).mp3`. */
export function outputFilename(original: string, extension: string): string {
  const base = path.basename(original, path.extname(original)) || 'audio';
  return `${base} (denoised).${extension}`;
}
