/**
 * Builds the web area for one engine: THE fetcher from the config (with this engine's URL
 * signer, so its own download links are read from the store), the yt-dlp tool, the media
 * service and the reader, and their job handlers.
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import { Fetcher } from '../platform/index.ts';
import {
  makeDownloadJob,
  makeInfoJob,
  makePublicDownloadJob,
  makeToolInstallJob,
} from './media/media-jobs.ts';
import { MediaService } from './media/media-service.ts';
import { YtDlpTool } from './media/ytdlp/ytdlp-tool.ts';
import { ReaderCallbacks } from './reader/callbacks/reader-callbacks.ts';
import { ReaderPublicLinks } from './reader/public-links.ts';
import { makeReaderJob } from './reader/reader-job.ts';
import { ReaderService } from './reader/reader-service.ts';
import { callbackPayload } from './reader/reader-views.ts';
import type { WebContext, WebDeps } from './web-deps.ts';

export interface Web {
  context: WebContext;
  media: MediaService;
  reader: ReaderService;
  jobs: JobHandler[];
  start(): void;
  stop(): Promise<void>;
}

export function createWeb(deps: WebDeps): Web {
  const context: WebContext = {
    ...deps,
    fetcher: Fetcher.fromConfig(deps.config, { urls: deps.urls }),
    publicLinks: new ReaderPublicLinks(deps.db),
  };
  const tool = new YtDlpTool(deps.config);
  // A yt-dlp release a crash left half downloaded, removed before any install job runs.
  tool.pack.sweepStaging();
  const media = new MediaService(context, tool);
  const callbacks = new ReaderCallbacks(context, (row) => callbackPayload(context, row));
  const reader = new ReaderService(context, callbacks);
  return {
    context,
    media,
    reader,
    jobs: [
      makeReaderJob(reader),
      makeInfoJob(media),
      makeDownloadJob(media),
      makePublicDownloadJob(media),
      makeToolInstallJob(tool),
    ] as JobHandler[],
    start: () => callbacks.start(),
    stop: () => callbacks.stop(),
  };
}
