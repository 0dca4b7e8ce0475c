/**
 * `audiobook_narration` (job_type `audiobook` in events): narrates the lines a batch or a single
 * narrate chose, in reading order, each into a new take. One line failing marks that line
 * `failed` with its reason and the job goes on; the job fails only when it cannot run at all.
 *
 * Credits: the reservation is every line's price (rule 4, narration-pricing.ts); after each take
 * the job reports what it has used so far, so a cancel keeps and bills the finished takes and
 * returns the rest, and completion settles exactly the takes made.
 *
 * Idempotent: after a crash the job runs again and skips lines that already have a take from it.
 * It waits, queued, for the book's speaker detection jobs (cast rule 8: "narration not yet
 * started waits for this pass"): a job dependency the runner honours (JobHandler.waitsFor), so a
 * waiting narration holds no slot and starts the moment detection ends.
 */
import { CancelledError, isCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { Books } from '../books.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import { narrationInput, type NarrationInput } from './narration-job-input.ts';

export interface NarrationResult {
  paragraphs_narrated: number;
  paragraphs_failed: number;
  paragraphs_skipped: number;
  credits_used: number;
  audio_seconds: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const makeNarrationJob = (books: Books): JobHandler<NarrationInput, NarrationResult> => ({
  type: JOB_TYPES.narration,
  resource: 'inference',
  idempotent: true,
  input: narrationInput,
  price(input) {
    const quote = input.quote ?? books.narration.quote(input);
    return Promise.resolve({
      credits: quote.credits,
      serviceType: 'audiobook',
      audioDuration: quote.seconds,
      metadata: {
        project_id: input.project_id,
        characters: quote.characters,
        paragraphs: input.paragraph_ids.length,
      },
    });
  },
  waitsFor(input) {
    const detection = books.repos.bookJobs.active(input.project_id, [JOB_TYPES.castDetection]);
    return { jobIds: detection.map((job) => job.id), stage: 'waiting for speaker detection' };
  },
  async run({ jobId, input, signal, progress, reportUsage }) {
    const narration = books.narration;
    const { chapters, projects } = books.repos;
    // Resumed after a crash: lines this job already narrated are done (and billed) already.
    const earlier = books.takes.repo.ofJob(jobId);
    const done = new Set(earlier.map((t) => t.paragraphId));
    let credits = earlier.reduce((n, t) => n + t.credits, 0);
    let seconds = earlier.reduce((n, t) => n + t.durationSeconds, 0);
    const result: NarrationResult = {
      paragraphs_narrated: done.size,
      paragraphs_failed: 0,
      paragraphs_skipped: 0,
      credits_used: credits,
      audio_seconds: 0,
    };
    const total = input.paragraph_ids.length;
    const started = Date.now();
    let finished = done.size;
    try {
      for (const id of input.paragraph_ids) {
        if (signal.aborted) throw new CancelledError();
        if (done.has(id)) continue;
        const project = projects.get(input.project_id);
        const line = chapters.paragraph(input.project_id, id);
        // Deleted, or re-split by annotation since the job was queued: nothing to narrate.
        if (!project || !line || line.skipNarration) {
          result.paragraphs_skipped += 1;
          finished += 1;
          continue;
        }
        books.lineStatus.narrating(line);
        progress({
          percent: (finished / total) * 100,
          stage: `narrating ${finished + 1} of ${total}`,
        });
        try {
          const take = await books.lines.narrateLine(project, line, {
            batchVoiceId: input.batch_voice_id,
            override: input.override,
            jobId,
            signal,
          });
          credits += take.credits;
          seconds += take.durationSeconds;
          result.paragraphs_narrated += 1;
          reportUsage({ credits, audioDuration: seconds });
        } catch (error) {
          if (isCancelled(error, signal)) throw error;
          books.lineStatus.failed(line, errorText(error));
          result.paragraphs_failed += 1;
        }
        finished += 1;
        const elapsed = (Date.now() - started) / 1000;
        const rate = elapsed / Math.max(1, finished - done.size);
        progress({
          percent: (finished / total) * 100,
          stage: `narrated ${finished} of ${total}`,
          etaSeconds: Math.round(rate * (total - finished)),
        });
      }
    } finally {
      // Lines a cancel or stop kept this job from reaching return to what they were; finished
      // takes stay. The book itself settles once, when the job's end is announced and it is no
      // longer active (narration-service.ts).
      narration.releaseLines(input.project_id, input.paragraph_ids);
    }
    result.credits_used = credits;
    result.audio_seconds = Math.round(seconds * 10) / 10;
    reportUsage({ credits, audioDuration: seconds });
    return result;
  },
});
