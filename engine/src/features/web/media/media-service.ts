/**
 * Media extraction (document 3, "Media extraction"; docs/api/media.md): info from the 14-day
 * cache or from yt-dlp (at most 45 s), public info jobs that expire after an hour, and download
 * jobs. Every URL is judged by THE fetcher before yt-dlp starts, and yt-dlp itself runs behind
 * the fetcher's proxy (ytdlp-run.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { JobContext, JobQuote } from '../../../jobs/job-types.ts';
import type { WebContext } from '../web-deps.ts';
import { InfoCache } from './info-cache.ts';
import { runDownload, type DownloadInput, type DownloadResult } from './media-download.ts';
import {
  planConversion,
  PUBLIC_MAX_SECONDS,
  tooLong,
  type DownloadFormat,
} from './media-options.ts';
import { isBasicFormat, toVideoInfo, unfetchedProtocols, type VideoInfo } from './video-info.ts';
import { extractionError, runYtDlp } from './ytdlp/ytdlp-run.ts';
import type { YtDlpTool } from './ytdlp/ytdlp-tool.ts';

export const INFO_JOB = 'media_info';
export const DOWNLOAD_JOB = 'video_download';
export const PUBLIC_DOWNLOAD_JOB = 'video_download_public';
/** Owner of what the public routes make (no account): jobs and files. */
export const PUBLIC_OWNER = 'public';
/** Document 3, "Limits". */
export const INFO_DEADLINE_MS = 45_000;
export const INFO_JOB_TTL_MS = 3_600_000;
export { PUBLIC_MAX_SECONDS };
/** What a download reserves when its length is not known yet (settled on the real one). */
export const BASELINE_MINUTES = 60;
const INFO_MAX_BYTES = 64 * 1024 * 1024;

export interface DownloadRequest {
  url: string;
  format: DownloadFormat;
  quality: string | null;
  audioOnly: boolean;
  includeThumbnail: boolean;
  formatSelector: string | null;
  outputFilename: string | null;
}

export type InfoJobState =
  | { state: 'pending'; job: JobRow }
  | { state: 'done'; info: VideoInfo }
  | { state: 'failed'; message: string };

export class MediaService {
  readonly cache: InfoCache;

  constructor(
    private readonly deps: WebContext,
    readonly tool: YtDlpTool,
  ) {
    this.cache = new InfoCache(deps.db, deps.clock);
  }

  /** Cached info, else yt-dlp's (≤ 45 s, or the owner's shorter fetch limit). */
  async info(url: string, signal: AbortSignal): Promise<VideoInfo> {
    await this.deps.fetcher.judge(url);
    const cached = this.cache.get(url);
    if (cached) return cached;
    const binary = await this.tool.binary();
    const home = this.workDir('info');
    try {
      const out = await runYtDlp(binary, this.deps.fetcher.policy, ['-J', '--skip-download', url], {
        deadlineMs: Math.min(INFO_DEADLINE_MS, this.deps.config.fetchTimeoutSeconds * 1000),
        maxBytes: Math.min(INFO_MAX_BYTES, this.deps.config.fetchMaxBytes),
        signal,
        home,
      });
      const json = out.stdout.split('\n').find((line) => line.startsWith('{'));
      if (!json) throw new AppError('bad_request', 'yt-dlp found nothing at this URL.');
      const raw: unknown = JSON.parse(json);
      const info = toVideoInfo(raw, url);
      const unfetched = unfetchedProtocols(raw);
      if (info.formats.length === 0 && unfetched.length > 0)
        throw extractionError(
          'refused',
          `the media is served over ${unfetched.join(', ')}: only http and https media is ` +
            'fetched (docs/api/fetching.md)',
        );
      this.cache.put(url, info);
      return info;
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  }

  /** The contract's Video info: priced, formats listed when asked (basic ones on public routes). */
  view(info: VideoInfo, options: { includeFormats: boolean; public: boolean }) {
    const formats = options.includeFormats
      ? info.formats.filter((f) => !options.public || isBasicFormat(f))
      : [];
    return {
      ...info,
      estimated_credits: this.deps.pricing.quoteMinutes('video_download', info.duration).credits,
      formats,
    };
  }

  /** POST /video/public/info when not cached: one extraction job per URL at a time. */
  async startInfoJob(url: string): Promise<JobRow> {
    await this.deps.fetcher.judge(url);
    const running = this.deps.jobRepo.activeFor('url', url, [INFO_JOB])[0];
    if (running) return running;
    return this.deps.jobs.create(PUBLIC_OWNER, INFO_JOB, { url });
  }

  /** An info job: 404 when unknown, not an info job, or older than an hour. */
  infoJob(id: number): InfoJobState {
    const row = this.deps.jobRepo.get(id);
    const age = row ? this.deps.clock.now() - Date.parse(row.createdAt) : Infinity;
    if (!row || row.type !== INFO_JOB || age > INFO_JOB_TTL_MS)
      throw new AppError(
        'not_found',
        `Info job ${id} is unknown or has expired (jobs last 1 hour).`,
      );
    if (row.status === 'completed') {
      const info = this.cache.get((row.input as { url: string }).url) ?? (row.result as VideoInfo);
      return { state: 'done', info };
    }
    if (row.status === 'failed' || row.status === 'cancelled')
      return { state: 'failed', message: row.errorMessage ?? 'Extraction failed.' };
    return { state: 'pending', job: row };
  }

  async createDownload(
    ownerId: string,
    request: DownloadRequest,
    options: { public: boolean; signal: AbortSignal; preExtract: boolean },
  ): Promise<JobRow> {
    await this.deps.fetcher.judge(request.url);
    const info = options.preExtract
      ? await this.info(request.url, options.signal)
      : this.cache.get(request.url);
    if (options.public && info?.duration && info.duration > PUBLIC_MAX_SECONDS)
      throw tooLong(info.duration);
    const plan = planConversion(
      {
        format: request.format,
        quality: request.quality,
        audioOnly: request.audioOnly,
        formatSelector: request.formatSelector,
        public: options.public,
      },
      info ?? { formats: [] },
    );
    const input: DownloadInput = {
      url: request.url,
      format: request.format,
      quality: request.quality,
      audio_only: request.audioOnly,
      include_thumbnail: request.includeThumbnail,
      format_selector: request.formatSelector,
      output_filename: request.outputFilename,
      public: options.public,
      task_id: randomUUID(),
      platform: info?.platform ?? 'unknown',
      title: info?.title ?? null,
      duration: info?.duration ?? null,
      thumbnail_url: info?.thumbnail_url ?? null,
      plan,
    };
    return this.deps.jobs.create(
      options.public ? PUBLIC_OWNER : ownerId,
      options.public ? PUBLIC_DOWNLOAD_JOB : DOWNLOAD_JOB,
      input,
    );
  }

  /** Credits per started minute; a baseline hour while the length is unknown. */
  quote(input: DownloadInput): JobQuote {
    return this.deps.pricing.quoteMinutes(
      'video_download',
      input.duration ?? BASELINE_MINUTES * 60,
    );
  }

  downloadJob(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.ownerId !== ownerId || row.type !== DOWNLOAD_JOB)
      throw new AppError('not_found', `Download job ${id} not found.`);
    return row;
  }

  /** A public download, found by its unguessable task_id (integer ids can be enumerated). */
  publicDownload(taskId: string): JobRow {
    const row = this.deps.jobRepo.latestFor('task_id', taskId, PUBLIC_DOWNLOAD_JOB);
    if (!row) throw new AppError('not_found', `Download ${taskId} not found.`);
    return row;
  }

  async runInfo(ctx: JobContext<{ url: string }>): Promise<VideoInfo> {
    ctx.progress({ percent: 10, stage: 'extract' });
    return this.info(ctx.input.url, ctx.signal);
  }

  async runDownload(ctx: JobContext<DownloadInput>): Promise<DownloadResult> {
    const work = this.workDir(`download-${ctx.jobId}`);
    try {
      const result = await runDownload(this.deps, await this.tool.binary(), ctx, work);
      if (!ctx.input.public) {
        const used = this.deps.pricing.quoteMinutes('video_download', result.duration);
        ctx.reportUsage({ credits: used.credits, audioDuration: result.duration ?? 0 });
        result.credits_used = used.credits;
      }
      return result;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  private workDir(name: string): string {
    const dir = path.join(this.deps.config.home, 'files', '.tmp', `web-${name}-${randomUUID()}`);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }
}
