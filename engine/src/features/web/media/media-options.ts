/**
 * A download request (format, quality, audio_only, format_selector) → what yt-dlp selects and
 * what ffmpeg turns it into (docs/api/media.md, "Formats"). Pure: the plan is computed, checked
 * and stored in the job's input before anything is fetched.
 */
import { AppError } from '../../../errors.ts';
import { PUBLIC_MAX_HEIGHT, type VideoInfo } from './video-info.ts';

export const VIDEO_FORMATS = ['mp4', 'webm', 'mkv'] as const;
export const AUDIO_FORMATS = ['mp3', 'wav', 'm4a', 'flac', 'ogg', 'opus'] as const;
export const DOWNLOAD_FORMATS = [...VIDEO_FORMATS, ...AUDIO_FORMATS] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/** Document 3: public access is limited to 10 minutes of media. */
export const PUBLIC_MAX_SECONDS = 600;

export function tooLong(seconds: number): AppError {
  return new AppError(
    'bad_request',
    `The media is ${Math.round(seconds / 60)} minutes long; public downloads are limited to ${PUBLIC_MAX_SECONDS / 60} minutes (sign in for longer ones).`,
    { details: { reason: 'too_long', duration: seconds, max_seconds: PUBLIC_MAX_SECONDS } },
  );
}

/** "Basic formats only" on the public download route. */
export const PUBLIC_FORMATS = ['mp4', 'mp3', 'wav'] as const;

export interface ConversionPlan {
  /** yt-dlp's `-f`. */
  selector: string;
  /** The file we hand back: its extension and what it holds. */
  extension: string;
  kind: 'audio' | 'video';
  contentType: string;
  /** Target codecs (null: keep what was downloaded). */
  videoCodec: 'h264' | 'vp9' | null;
  audioCodec: 'aac' | 'mp3' | 'pcm' | 'flac' | 'vorbis' | 'opus' | null;
  /** Audio bitrate in kb/s for lossy audio. */
  audioKbps: number;
  maxHeight: number | null;
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mka: 'audio/x-matroska',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
};

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }] },
  });
}

/** `720p`, `1080`, `4K`, `8k` → a height; `128kbps` → null (an audio quality). */
export function heightOf(quality: string | null): number | null {
  if (!quality) return null;
  const q = quality.trim().toLowerCase();
  if (q === '4k') return 2160;
  if (q === '8k') return 4320;
  const m = /^(\d{3,4})p?$/.exec(q);
  return m ? Number(m[1]) : null;
}

export function kbpsOf(quality: string | null): number | null {
  const m = /^(\d{2,3})\s*k(?:bps|b\/s)?$/i.exec(quality?.trim() ?? '');
  return m ? Math.min(320, Math.max(32, Number(m[1]))) : null;
}

export interface PlanRequest {
  format: DownloadFormat;
  quality: string | null;
  audioOnly: boolean;
  formatSelector: string | null;
  /** Public route: basic formats, at most 720p. */
  public: boolean;
}

export function planConversion(
  request: PlanRequest,
  info: Pick<VideoInfo, 'formats'>,
): ConversionPlan {
  const audio = request.audioOnly || (AUDIO_FORMATS as readonly string[]).includes(request.format);
  const quality = request.quality?.trim() || null;
  let maxHeight = heightOf(quality);
  const kbps = kbpsOf(quality);
  if (quality && maxHeight === null && kbps === null && !['best', 'worst'].includes(quality))
    throw invalid(
      'quality',
      `quality "${quality}" is not a height (144p to 4K) or a bitrate (128kbps).`,
    );
  if (request.public) maxHeight = Math.min(maxHeight ?? PUBLIC_MAX_HEIGHT, PUBLIC_MAX_HEIGHT);

  let selector: string;
  const chosen = request.formatSelector?.trim() || null;
  if (chosen === null || chosen === 'best') {
    const h = maxHeight ? `[height<=${maxHeight}]` : '';
    selector = audio ? 'ba/b' : `bv*${h}+ba/b${h}/b`;
  } else if (chosen === 'worst') {
    selector = audio ? 'wa/w' : 'wv*+wa/w';
  } else {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(chosen) || !info.formats.some((f) => f.format_id === chosen))
      throw invalid(
        'format_selector',
        `format_selector must be best, worst or one of the format_ids POST /video/info lists.`,
      );
    selector = chosen;
  }

  let extension: string = request.format;
  if (request.audioOnly && request.format === 'mp4') extension = 'm4a';
  if (request.audioOnly && request.format === 'mkv') extension = 'mka';
  const audioCodec: ConversionPlan['audioCodec'] = {
    mp3: 'mp3',
    wav: 'pcm',
    m4a: 'aac',
    flac: 'flac',
    ogg: 'vorbis',
    opus: 'opus',
    mp4: 'aac',
    webm: 'opus',
    mkv: null,
    mka: null,
  }[extension] as ConversionPlan['audioCodec'];
  return {
    selector,
    extension,
    kind: audio ? 'audio' : 'video',
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    videoCodec: audio || extension === 'mkv' ? null : extension === 'webm' ? 'vp9' : 'h264',
    audioCodec,
    audioKbps: kbps ?? 192,
    maxHeight,
  };
}

/** The file name handed back: the caller's `output_filename` or the title, with our extension. */
export function outputName(requested: string | null, title: string, extension: string): string {
  const base = [...(requested ?? title).replace(/\.[A-Za-z0-9]{1,5}$/, '')]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 150);
  return `${base || 'download'}.${extension}`;
}
