/**
 * The media jobs, closures over the media service:
 * - `media_info` (public info extraction; free; idempotent: a re-run extracts again);
 * - `video_download` (credits `video_download` per started minute, reserved from the known
 *   length or a baseline hour, settled on the downloaded length; idempotent: a re-run downloads
 *   again into fresh files and charges once);
 * - `video_download_public` (the public route's: free, 10 minutes at most, basic formats);
 * - `tool_install` (installs or updates the yt-dlp tool pack; free).
 */
import { z } from 'zod';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { downloadInput, type DownloadInput, type DownloadResult } from './media-download.ts';
import { DOWNLOAD_JOB, INFO_JOB, PUBLIC_DOWNLOAD_JOB, type MediaService } from './media-service.ts';
import type { VideoInfo } from './video-info.ts';
import type { InstalledTool } from './ytdlp/tool-pack.ts';
import type { YtDlpTool } from './ytdlp/ytdlp-tool.ts';

export const TOOL_INSTALL_JOB = 'tool_install';

export const makeInfoJob = (service: MediaService): JobHandler<{ url: string }, VideoInfo> => ({
  type: INFO_JOB,
  resource: 'io',
  idempotent: true,
  input: z.object({ url: z.string() }),
  run: (ctx) => service.runInfo(ctx),
});

export const makeDownloadJob = (
  service: MediaService,
): JobHandler<DownloadInput, DownloadResult> => ({
  type: DOWNLOAD_JOB,
  resource: 'ffmpeg',
  idempotent: true,
  input: downloadInput,
  price: (input) => service.quote(input),
  run: (ctx) => service.runDownload(ctx),
});

export const makePublicDownloadJob = (
  service: MediaService,
): JobHandler<DownloadInput, DownloadResult> => ({
  type: PUBLIC_DOWNLOAD_JOB,
  resource: 'ffmpeg',
  idempotent: true,
  input: downloadInput,
  run: (ctx) => service.runDownload(ctx),
});

export const toolInstallInput = z.object({ version: z.string().nullable() });

export const makeToolInstallJob = (
  tool: YtDlpTool,
): JobHandler<z.infer<typeof toolInstallInput>, InstalledTool> => ({
  type: TOOL_INSTALL_JOB,
  resource: 'io',
  idempotent: true,
  input: toolInstallInput,
  run: async (ctx) => {
    ctx.progress({ percent: 5, stage: 'download' });
    return tool.pack.install(ctx.input.version, ctx.signal);
  },
});
