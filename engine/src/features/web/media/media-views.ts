/**
 * A download job as the contract shows it ("Download job (media)"): the job row's state in the
 * contract's upper-case vocabulary, the request, and once completed the result with freshly
 * signed download and thumbnail URLs (every read mints new ones).
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { JobStatus } from '../../../jobs/job-types.ts';
import type { WebContext } from '../web-deps.ts';
import type { DownloadInput, DownloadResult } from './media-download.ts';
import type { DownloadJob } from './media-schemas.ts';

export function contractStatus(status: JobStatus): DownloadJob['status'] {
  if (status === 'queued') return 'PENDING';
  if (status === 'running') return 'PROCESSING';
  return status === 'completed' ? 'COMPLETED' : 'FAILED';
}

export const FROM_CONTRACT_STATUS: Record<DownloadJob['status'], JobStatus> = {
  PENDING: 'queued',
  PROCESSING: 'running',
  COMPLETED: 'completed',
  FAILED: 'failed',
};

/** A signed URL for one of the owner's stored files, absolute on the request's origin. */
export function signedFileUrl(
  deps: Pick<WebContext, 'files' | 'urls'>,
  ownerId: string,
  fileKey: string,
  origin: string,
  ttlSeconds?: number,
): string | null {
  try {
    const row = deps.files.get(ownerId, fileKey);
    const signed = deps.urls.sign(
      { path: deps.files.pathOf(row), filename: row.filename, contentType: row.contentType },
      ttlSeconds,
    );
    return `${origin}${signed.url}`;
  } catch {
    return null; // the file was deleted since
  }
}

export function downloadJobView(deps: WebContext, row: JobRow, origin: string): DownloadJob {
  const input = row.input as DownloadInput;
  const result = row.status === 'completed' ? (row.result as DownloadResult | null) : null;
  const sign = (key: string | null): string | null =>
    key ? signedFileUrl(deps, row.ownerId, key, origin) : null;
  return {
    id: row.id,
    status: contractStatus(row.status),
    progress: Math.round(row.progress * 10) / 10,
    url: input.url,
    format: input.format,
    quality: input.quality,
    audio_only: input.audio_only,
    include_thumbnail: input.include_thumbnail,
    estimated_duration: input.duration,
    created_at: row.createdAt,
    task_id: input.task_id,
    completed_at: row.status === 'completed' ? row.finishedAt : null,
    download_url: sign(result?.file_key ?? null),
    thumbnail_url: sign(result?.thumbnail_file_key ?? null) ?? input.thumbnail_url,
    original_title: result?.original_title ?? input.title,
    file_size: result?.file_size ?? null,
    duration: result?.duration ?? null,
    resolution: result?.resolution ?? null,
    fps: result?.fps ?? null,
    audio_codec: result?.audio_codec ?? null,
    video_codec: result?.video_codec ?? null,
    credits_used: result ? result.credits_used : null,
    processing_time: result?.processing_time ?? null,
    file_key: result?.file_key ?? null,
    filename: result?.filename ?? null,
    platform: input.platform,
    stage: row.stage,
    error_message: row.errorMessage,
  };
}
