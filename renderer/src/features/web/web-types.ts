/**
 * Wire types of the "From the web" page, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf } from '../../api/contract.ts';

export type VideoInfo = ResponseOf<'post', '/video/info'>;
export type DownloadJob = ResponseOf<'get', '/video/video-download/jobs/{download_job_id}'>;
export type DownloadCreated = ResponseOf<'post', '/video/download'>;
export type ReaderJob = ResponseOf<'get', '/reader/{reader_job_id}'>;
export type ReaderList = ResponseOf<'get', '/reader/'>;
export type ReaderEstimate = ResponseOf<'post', '/reader/estimate'>;
export type ToolStatus = ResponseOf<'get', '/web/tools/yt-dlp'>;

export const DOWNLOAD_FORMATS = [
  'mp4',
  'webm',
  'mkv',
  'mp3',
  'wav',
  'm4a',
  'flac',
  'ogg',
  'opus',
] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The tools a downloaded file can be handed to ("Use in…"). */
export const USE_IN = ['stems', 'midi', 'denoise', 'transcription'] as const;
export type UseIn = (typeof USE_IN)[number];
