/**
 * One download job's work: yt-dlp fetches the selected format (behind the fetcher's proxy),
 * ffmpeg converts it to the asked format and makes the thumbnail, and the results land in the
 * file store as the owner's files (so they can go straight to stems, MIDI, noise reduction or
 * transcription). Public downloads longer than 10 minutes fail here when their length was not
 * known before the download.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { JobContext } from '../../../jobs/job-types.ts';
import type { WebContext } from '../web-deps.ts';
import { convert, grabThumbnail, probeStreams, toJpeg } from './media-convert.ts';
import { DOWNLOAD_FORMATS, outputName, type ConversionPlan } from './media-options.ts';
import { PUBLIC_MAX_SECONDS, tooLong } from './media-options.ts';
import type { ToolBinary } from './ytdlp/tool-pack.ts';
import { checkFetched, DOWNLOAD_PROTOCOL_ARGS, httpOnlySelector } from './ytdlp/media-protocols.ts';
import { runYtDlp } from './ytdlp/ytdlp-run.ts';

/** A download may take this long at most (the whole yt-dlp run). */
export const DOWNLOAD_DEADLINE_MS = 30 * 60_000;

const plan = z.object({
  selector: z.string(),
  extension: z.string(),
  kind: z.enum(['audio', 'video']),
  contentType: z.string(),
  videoCodec: z.enum(['h264', 'vp9']).nullable(),
  audioCodec: z.enum(['aac', 'mp3', 'pcm', 'flac', 'vorbis', 'opus']).nullable(),
  audioKbps: z.number(),
  maxHeight: z.number().nullable(),
});

export const downloadInput = z.object({
  url: z.string(),
  format: z.enum(DOWNLOAD_FORMATS),
  quality: z.string().nullable(),
  audio_only: z.boolean(),
  include_thumbnail: z.boolean(),
  format_selector: z.string().nullable(),
  output_filename: z.string().nullable(),
  public: z.boolean(),
  task_id: z.string().uuid(),
  platform: z.string(),
  title: z.string().nullable(),
  duration: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  plan: plan satisfies z.ZodType<ConversionPlan>,
});

export type DownloadInput = z.infer<typeof downloadInput>;

export interface DownloadResult {
  file_key: string;
  filename: string;
  content_type: string;
  file_size: number;
  thumbnail_file_key: string | null;
  original_title: string;
  duration: number | null;
  resolution: string | null;
  fps: number | null;
  audio_codec: string | null;
  video_codec: string | null;
  processing_time: number;
  credits_used: number;
}

const THUMB_EXTS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif']);

function found(work: string): { media: string | null; thumbnail: string | null } {
  let media: string | null = null;
  let thumbnail: string | null = null;
  for (const name of fs.readdirSync(work)) {
    if (!name.startsWith('media.')) continue;
    const full = path.join(work, name);
    if (THUMB_EXTS.has(path.extname(name).toLowerCase())) thumbnail = full;
    else if (!name.endsWith('.json') && !name.endsWith('.part')) media = full;
  }
  return { media, thumbnail };
}

export async function runDownload(
  deps: WebContext,
  binary: ToolBinary,
  ctx: JobContext<DownloadInput>,
  work: string,
): Promise<DownloadResult> {
  const { input, signal, ownerId } = ctx;
  const started = Date.now();
  const ffmpeg = await deps.ffmpeg.require();
  ctx.progress({ percent: 0, stage: 'download' });
  let title = input.title;
  let fetched: Record<string, unknown> | null = null;
  await runYtDlp(
    binary,
    deps.fetcher.policy,
    [
      '-f',
      httpOnlySelector(input.plan.selector),
      '-o',
      path.join(work, 'media.%(ext)s'),
      '--newline',
      '--no-part',
      // http(s) media only, through yt-dlp's own downloaders and so the proxy; ffmpeg merges.
      ...DOWNLOAD_PROTOCOL_ARGS,
      '--ffmpeg-location',
      ffmpeg.path,
      '--merge-output-format',
      'mkv',
      '--max-filesize',
      String(deps.config.fetchMaxBytes),
      '-j',
      '--no-simulate',
      ...(input.include_thumbnail ? ['--write-thumbnail'] : []),
      input.url,
    ],
    {
      deadlineMs: Math.max(DOWNLOAD_DEADLINE_MS, deps.config.fetchTimeoutSeconds * 1000),
      maxBytes: deps.config.fetchMaxBytes,
      signal,
      home: work,
      onLine: (line) => {
        const percent = /^\[download\]\s+([\d.]+)%/.exec(line)?.[1];
        if (percent) ctx.progress({ percent: Number(percent) * 0.8, stage: 'download' });
        else if (line.startsWith('{')) {
          fetched = JSON.parse(line) as Record<string, unknown>;
          title = typeof fetched.title === 'string' ? fetched.title : title;
        }
      },
    },
  );
  checkFetched(fetched);
  const { media, thumbnail } = found(work);
  if (!media) throw new Error('yt-dlp finished without writing the media file');
  const source = await probeStreams(ffmpeg, media, signal);
  if (input.public && (source.duration ?? 0) > PUBLIC_MAX_SECONDS)
    throw tooLong(source.duration ?? 0);

  ctx.progress({ percent: 80, stage: 'convert' });
  const out = path.join(work, `out.${input.plan.extension}`);
  await convert(ffmpeg, media, source, input.plan, out, {
    signal,
    onProgress: (fraction) => ctx.progress({ percent: 80 + fraction * 15, stage: 'convert' }),
  });
  const final = await probeStreams(ffmpeg, out, signal);

  let thumbnailKey: string | null = null;
  if (input.include_thumbnail) {
    const jpeg = path.join(work, 'thumbnail.jpg');
    const made = thumbnail
      ? await toJpeg(ffmpeg, thumbnail, jpeg, signal)
      : await grabThumbnail(ffmpeg, media, source, jpeg, signal);
    if (made) {
      const saved = await deps.files.save(ownerId, fs.createReadStream(jpeg), {
        contentType: 'image/jpeg',
        filename: outputName(input.output_filename, title ?? 'download', 'jpg'),
      });
      thumbnailKey = saved.file_key;
    }
  }
  ctx.progress({ percent: 97, stage: 'store' });
  const saved = await deps.files.save(ownerId, fs.createReadStream(out), {
    contentType: input.plan.contentType,
    filename: outputName(input.output_filename, title ?? 'download', input.plan.extension),
  });
  return {
    file_key: saved.file_key,
    filename: saved.filename,
    content_type: saved.content_type,
    file_size: saved.bytes,
    thumbnail_file_key: thumbnailKey,
    original_title: title ?? 'download',
    duration: final.duration ?? source.duration,
    resolution: final.width && final.height ? `${final.width}x${final.height}` : null,
    fps: final.fps,
    audio_codec: final.audioCodec,
    video_codec: final.videoCodec,
    processing_time: Math.round((Date.now() - started) / 100) / 10,
    credits_used: 0,
  };
}
