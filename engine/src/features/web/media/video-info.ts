/**
 * yt-dlp's info JSON → the contract's "Video info" (document 3): what was found at a URL, with
 * its formats. Pure functions; the public routes' "basic formats only" view is here too.
 */
import { z } from 'zod';
import { isFetchedProtocol } from './ytdlp/media-protocols.ts';

/** The fields of yt-dlp's info dict we read (everything else is ignored). */
const ytFormat = z
  .object({
    format_id: z.string().optional(),
    format: z.string().nullish(),
    format_note: z.string().nullish(),
    ext: z.string().nullish(),
    width: z.number().nullish(),
    height: z.number().nullish(),
    resolution: z.string().nullish(),
    fps: z.number().nullish(),
    filesize: z.number().nullish(),
    filesize_approx: z.number().nullish(),
    acodec: z.string().nullish(),
    vcodec: z.string().nullish(),
    abr: z.number().nullish(),
    tbr: z.number().nullish(),
    protocol: z.string().nullish(),
  })
  .loose();

export const ytInfo = z
  .object({
    id: z.string().nullish(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    uploader: z.string().nullish(),
    upload_date: z.string().nullish(),
    duration: z.number().nullish(),
    view_count: z.number().nullish(),
    like_count: z.number().nullish(),
    thumbnail: z.string().nullish(),
    extractor_key: z.string().nullish(),
    extractor: z.string().nullish(),
    webpage_url: z.string().nullish(),
    formats: z.array(ytFormat).nullish(),
  })
  .loose();

export type YtInfo = z.infer<typeof ytInfo>;
type YtFormat = z.infer<typeof ytFormat>;

export interface FormatView {
  format_id: string;
  format: string;
  quality: string | null;
  resolution: string | null;
  fps: number | null;
  file_size: number | null;
  audio_codec: string | null;
  video_codec: string | null;
  ext: string | null;
}

/** The contract's Video info, less `estimated_credits` (priced by the service). */
export interface VideoInfo {
  title: string;
  description: string | null;
  uploader: string | null;
  upload_date: string | null;
  duration: number | null;
  view_count: number | null;
  like_count: number | null;
  thumbnail_url: string | null;
  platform: string;
  video_id: string;
  webpage_url: string;
  formats: FormatView[];
}

/** yt-dlp writes `none` for an absent stream and `null` for an unknown one. */
function codec(value: string | null | undefined): string | null {
  return value && value !== 'none' ? value : null;
}

function quality(f: YtFormat): string | null {
  if (codec(f.vcodec) === null && (f.abr ?? f.tbr)) return `${Math.round(f.abr ?? f.tbr ?? 0)}kbps`;
  if (f.height) return `${f.height}p`;
  return f.format_note ?? null;
}

export function formatView(f: YtFormat): FormatView {
  const width = f.width ?? null;
  const height = f.height ?? null;
  return {
    format_id: f.format_id ?? 'default',
    format: f.format ?? f.format_id ?? 'default',
    quality: quality(f),
    resolution: width && height ? `${width}x${height}` : (f.resolution ?? null),
    fps: f.fps ?? null,
    file_size: f.filesize ?? f.filesize_approx ?? null,
    audio_codec: codec(f.acodec),
    video_codec: codec(f.vcodec),
    ext: f.ext ?? null,
  };
}

/** `20240131` → `2024-01-31` (ISO date); anything else is kept as given. */
function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : value;
}

export function toVideoInfo(raw: unknown, url: string): VideoInfo {
  const info = ytInfo.parse(raw);
  return {
    title: info.title ?? 'Untitled',
    description: info.description ?? null,
    uploader: info.uploader ?? null,
    upload_date: isoDate(info.upload_date),
    duration: info.duration ?? null,
    view_count: info.view_count ?? null,
    like_count: info.like_count ?? null,
    thumbnail_url: info.thumbnail ?? null,
    platform: (info.extractor_key ?? info.extractor ?? 'generic').toLowerCase(),
    video_id: info.id ?? 'unknown',
    webpage_url: info.webpage_url ?? url,
    // Only what can be fetched through the proxy is offered (ytdlp/media-protocols.ts).
    formats: (info.formats ?? []).filter((f) => isFetchedProtocol(f.protocol)).map(formatView),
  };
}

/** The protocols of the formats toVideoInfo leaves out (`rtmp`, `rtsp`, …), once each. */
export function unfetchedProtocols(raw: unknown): string[] {
  const formats = ytInfo.parse(raw).formats ?? [];
  const left = formats.filter((f) => !isFetchedProtocol(f.protocol));
  return [...new Set(left.map((f) => f.protocol ?? 'unknown'))];
}

/** Public routes: at most 720p, and only formats a browser plays (one file, no merge). */
export const PUBLIC_MAX_HEIGHT = 720;
const BASIC_EXTS = new Set(['mp4', 'm4a', 'mp3', 'webm', 'wav', 'ogg']);

export function isBasicFormat(f: FormatView): boolean {
  const height = /^(\d+)x(\d+)$/.exec(f.resolution ?? '')?.[2];
  return (
    (f.ext === null || BASIC_EXTS.has(f.ext)) &&
    (height === undefined || Number(height) <= PUBLIC_MAX_HEIGHT)
  );
}
