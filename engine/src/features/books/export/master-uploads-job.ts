/**
 * `audiobook_acx_master` ("master my files"): audio the user brought from elsewhere, through the
 * same mastering chain and validator as an export (master-chain.ts), one MP3 per file with its
 * report and a signed download URL (valid 7 days). Price: the contract's 0.04 USD per minute of
 * output (300 credits a minute at 7 500 credits per USD), since no narration billed this audio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { MAX_URL_TTL_SECONDS } from '../../platform/index.ts';
import { PAYG_INFO } from '../../billing/index.ts';
import { safeName } from './export-plan.ts';
import type { FileReport } from './export-schemas.ts';
import { masterToMp3 } from './master-chain.ts';
import { validateMeasurement } from './validator.ts';
import type { Books } from '../books.ts';

export const MASTER_JOB_TYPE = 'audiobook_acx_master';
export const USD_PER_OUTPUT_MINUTE = 0.04;

export function creditsForMinutes(minutes: number): number {
  return Math.ceil(minutes * USD_PER_OUTPUT_MINUTE * PAYG_INFO.credits_per_dollar - 1e-9);
}

export const masterInput = z.object({
  dir: z.string(),
  target_rms_db: z.number(),
  files: z.array(
    z.object({
      filename: z.string(),
      path: z.string(),
      seconds: z.number(),
      sample_rate: z.number(),
    }),
  ),
});
export type MasterInput = z.output<typeof masterInput>;

export interface MasterUploadsResult {
  passed: boolean;
  files: (FileReport & { url: string; expires_at: string; source: string })[];
  credits_used: number;
}

/**
 * A master job's uploads are removed once its completion is recorded, never by the job itself: a
 * crash between the two would leave a job that is re-queued as idempotent without its inputs, and
 * its re-run would fail (found by the crash test, which kills each job just before its outcome
 * is recorded; docs/api/jobs.md, "Shutdown and crashes").
 */
export function removeInputsWhenMastered(books: Books): void {
  books.deps.jobEvents.subscribe((event) => {
    if (event.event !== 'job.completed' || event.job.type !== MASTER_JOB_TYPE) return;
    const input = masterInput.safeParse(event.job.input);
    if (!input.success) return;
    for (const f of input.data.files)
      fs.rmSync(path.join(books.deps.config.home, f.path), { force: true });
  });
}

export const makeMasterUploadsJob = (
  books: Books,
): JobHandler<MasterInput, MasterUploadsResult> => ({
  type: MASTER_JOB_TYPE,
  resource: 'ffmpeg',
  idempotent: true,
  input: masterInput,
  price(input) {
    // Output: the input plus at most 6 s of room tone a file.
    const seconds = input.files.reduce((s, f) => s + f.seconds + 6, 0);
    return {
      credits: creditsForMinutes(seconds / 60),
      serviceType: 'export_acx',
      audioDuration: seconds,
    };
  },
  async run({ input, signal, progress, reportUsage }) {
    const ffmpeg = await books.deps.ffmpeg.require();
    const home = books.deps.config.home;
    const out = path.join(home, input.dir, 'mastered');
    fs.mkdirSync(out, { recursive: true });
    const files: MasterUploadsResult['files'] = [];
    let seconds = 0;
    for (const [i, f] of input.files.entries()) {
      progress({ percent: (i / input.files.length) * 100, stage: `mastering ${f.filename}` });
      const name = `${safeName(path.parse(f.filename).name)}.mp3`;
      const output = path.join(out, `${i + 1}-${name}`);
      const master = await masterToMp3(ffmpeg, {
        inputs: [path.join(home, f.path)],
        sampleRate: f.sample_rate,
        output,
        workDir: path.join(home, input.dir, 'work'),
        tags: { title: path.parse(f.filename).name, album: '', artist: '', narrator: '' },
        targetRmsDb: input.target_rms_db,
        signal,
        onProgress: (fraction) =>
          progress({
            percent: ((i + fraction) / input.files.length) * 100,
            stage: `mastering ${f.filename}`,
          }),
      });
      const verdict = validateMeasurement(master.measurement, 'upload');
      const signed = books.deps.urls.sign(
        { path: output, filename: name, contentType: 'audio/mpeg' },
        MAX_URL_TTL_SECONDS,
      );
      seconds += master.measurement.duration_seconds;
      files.push({
        file: name,
        source: f.filename,
        kind: 'upload',
        title: path.parse(f.filename).name,
        chapter_number: null,
        passed: verdict.passed,
        violations: verdict.violations,
        measurement: master.measurement,
        url: signed.url,
        expires_at: signed.expiresAt,
      });
      reportUsage({ credits: creditsForMinutes(seconds / 60), audioDuration: seconds });
    }
    fs.rmSync(path.join(home, input.dir, 'work'), { recursive: true, force: true });
    // The uploads stay until the completion is recorded (removeInputsWhenMastered).
    const credits = creditsForMinutes(seconds / 60);
    reportUsage({ credits, audioDuration: seconds });
    return { passed: files.every((f) => f.passed), files, credits_used: credits };
  },
});
