/**
 * Books: audiobook production from manuscript to ACX package — projects, manuscripts, chapters
 * and paragraphs, cast and speaker detection, screenplay, pronunciations and production
 * settings, narration and takes, export (document 2; docs/api/audiobook.md, narration.md,
 * export.md).
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import { Books, type BooksDeps } from './books.ts';
import { makeAutoCastJob } from './cast/auto-cast-job.ts';
import { makeCastDetectionJob } from './cast/cast-detection-job.ts';
import { makeDirectionJob } from './direction/direction-job.ts';
import { makeExportJob } from './export/export-job.ts';
import { makeMasterUploadsJob } from './export/master-uploads-job.ts';
import { makeParseJob } from './manuscript/parse-job.ts';
import { makeNarrationJob } from './narration/narration-job.ts';
import { makeRetryFailedJob } from './narration/retry-failed-job.ts';
import { sweepPartialTakes } from './narration/take-storage.ts';
import { makeScreenplayJob } from './screenplay/screenplay-job.ts';

export { Books, type BooksDeps } from './books.ts';
export { audiobookRoutes as booksRoutes } from './routes.ts';

export function createBooks(deps: BooksDeps): Books {
  // Built at start, before the runner opens: no narration is writing yet.
  const partials = sweepPartialTakes(deps.config.home);
  if (partials > 0) deps.log(`narration: removed ${partials} partial take file(s) a crash left`);
  return new Books(deps);
}

export function booksJobs(books: Books): JobHandler[] {
  return [
    makeParseJob(books),
    makeCastDetectionJob(books),
    makeScreenplayJob(books),
    makeDirectionJob(books),
    makeAutoCastJob(books),
    makeRetryFailedJob(books),
    makeNarrationJob(books),
    makeExportJob(books),
    makeMasterUploadsJob(books),
  ];
}
