/**
 * From the web (docs/api/media.md, docs/api/reader.md): media extraction with yt-dlp (a verified
 * tool pack, or the system's) and ffmpeg, and the article reader (Readability over linkedom,
 * narrated with any catalog voice). Every URL goes through platform's fetcher.
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { toolRoutes } from './media/tool-routes.ts';
import { readerRoutes } from './reader/reader-routes.ts';
import type { Web } from './web-area.ts';

export { createWeb, type Web } from './web-area.ts';
export type { WebDeps } from './web-deps.ts';

export const webRoutes = [...mediaRoutes, ...toolRoutes, ...readerRoutes];

export function webJobs(web: Web): JobHandler[] {
  return web.jobs;
}
