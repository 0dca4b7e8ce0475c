/**
 * The dubbing area (speech translation, document 3's translation jobs; docs/api/
 * speech-translation.md), built once per engine: its repository, service and job handler. It
 * keeps each translation's record in step with its attempts' jobs: finished → completed_at; a
 * translation deleted while an attempt was still stopping loses its folder when that job ends.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { DubbingDeps } from './dubbing-deps.ts';
import { dubbingLanguages } from './dubbing-languages.ts';
import { makeDubbingJob, SPEECH_TRANSLATION_JOB, type DubJobInput } from './dubbing-job.ts';
import { DubbingRepo } from './dubbing-repo.ts';
import { DubbingService } from './dubbing-service.ts';
import { WorkFolder } from './pipeline/work-folder.ts';

export interface Dubbing {
  translations: DubbingService;
  languages: (query: {
    source?: string | undefined;
    target?: string | undefined;
  }) => ReturnType<typeof dubbingLanguages>;
  jobs: JobHandler[];
}

export function createDubbing(deps: DubbingDeps): Dubbing {
  const repo = new DubbingRepo(deps.db);
  const translations = new DubbingService(deps, repo);
  translations.sweep();
  deps.jobEvents.subscribe((event) => {
    if (event.job.type !== SPEECH_TRANSLATION_JOB) return;
    if (!['job.completed', 'job.failed', 'job.cancelled'].includes(event.event)) return;
    const id = (event.job.input as DubJobInput).translation_id;
    const row = repo.get(id);
    if (!row) {
      const folder = WorkFolder.of(deps.config.home, id);
      if (fs.existsSync(path.join(folder.dir))) folder.removeAll();
      return;
    }
    if (event.event === 'job.completed' && row.jobId === event.job.id)
      repo.completed(id, event.job.finished_at ?? new Date().toISOString());
  });
  return {
    translations,
    languages: (query) => dubbingLanguages(deps, query),
    jobs: [makeDubbingJob(deps, repo)],
  };
}
