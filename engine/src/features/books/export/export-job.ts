/**
 * `audiobook_export` (job_type `export_acx` in events): the whole package. Order: plan (every
 * chapter narrated, else the export is refused naming the paragraphs), cover check (a bad cover
 * rejects before any audio work), narrated credits and section headers, mastering two files at a
 * time (master-chain.ts; each file measured on the encoded MP3), the retail sample, validation of
 * every file (validator.ts: the export is rejected with every file's reasons when one fails),
 * then metadata.json, the optional M4B and the ZIP.
 *
 * Credits: narrated credits and section headers are new speech, billed at narration's meter
 * (1 credit per 3 characters); the chapters' own minutes were billed when they were narrated
 * (docs/api/export.md, "Price"). Per-chapter progress goes to progress.json (export-files.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';
import { characterCount, CHARACTERS_PER_CREDIT } from '../narration/narration-pricing.ts';
import { creditsText, type CreditsInput } from './credits-text.ts';
import { resolveCover } from './export-cover.ts';
import {
  exportDir,
  readSidecar,
  sha256File,
  writeSidecar,
  type ExportSidecar,
} from './export-files.ts';
import { masterFiles } from './export-master.ts';
import { writePackage } from './export-package.ts';
import { planExport, type PlannedFile } from './export-plan.ts';
import { rejectFailedFiles } from './export-report.ts';
import type { ExportRun } from './export-run.ts';
import { makeRetailSample } from './export-sample.ts';
import { exportInput, type ExportInput } from './export-input.ts';
import { staleWarning } from './stale-warning.ts';

export interface ExportResult {
  zip: { path: string; filename: string; bytes: number; sha256: string };
  files: number;
  output_seconds: number;
  warnings: string[];
  credits_used: number;
}

/** Credits for the speech the export itself narrates (credits, section headers). */
export function exportCredits(
  input: Pick<ExportInput, 'credits'>,
  headers: readonly string[],
): number {
  const chars =
    headers.reduce((n, h) => n + characterCount(h), 0) +
    (input.credits
      ? characterCount(input.credits.opening) + characterCount(input.credits.closing)
      : 0);
  return Math.ceil(chars / CHARACTERS_PER_CREDIT);
}

export { creditsText, type CreditsInput };

export const makeExportJob = (books: Books): JobHandler<ExportInput, ExportResult> => ({
  type: JOB_TYPES.export,
  resource: 'ffmpeg',
  idempotent: true,
  input: exportInput,
  price(input) {
    // A book that is not ready has nothing to price: the run refuses it (export_not_ready).
    let plan: PlannedFile[];
    try {
      plan = planExport(books, input.project_id, {
        credits: input.credits,
        longChapters: input.long_chapters,
        chapterIds: input.chapter_ids,
      });
    } catch {
      plan = [];
    }
    const headers = plan.filter((f) => f.kind === 'chapter').map((f) => f.header);
    const seconds = plan.reduce((s, f) => s + f.takes.reduce((n, t) => n + t.seconds, 0), 0);
    return {
      credits: exportCredits(input, headers),
      serviceType: 'export_acx',
      audioDuration: seconds,
      metadata: { project_id: input.project_id, files: plan.length },
    };
  },
  async run({ jobId, input, signal, progress, reportUsage }) {
    const project = books.repos.projects.get(input.project_id);
    if (!project) throw new AppError('not_found', 'The project no longer exists.');
    const ffmpeg = await books.deps.ffmpeg.require();
    const dir = exportDir(books.deps.config.home, project.id, jobId);
    fs.rmSync(dir, { recursive: true, force: true });
    const work = path.join(dir, 'work');
    const pkg = path.join(dir, 'package');
    fs.mkdirSync(work, { recursive: true });
    fs.mkdirSync(pkg, { recursive: true });
    const sidecar: ExportSidecar = { chapters: [], report: [], warnings: [] };
    const save = (): void => writeSidecar(dir, sidecar);

    const plan = planExport(books, project.id, {
      credits: input.credits,
      longChapters: input.long_chapters,
      chapterIds: input.chapter_ids,
    });
    sidecar.chapters = plan.map((f) => ({
      file: f.file,
      title: f.title,
      kind: f.kind,
      chapter_number: f.chapterNumber,
      status: 'pending',
      percent: 0,
    }));
    const stale = staleWarning(books, project, plan);
    if (stale !== null) sidecar.warnings.push(stale);
    save();

    const run: ExportRun = {
      books,
      project,
      input,
      ffmpeg,
      signal,
      plan,
      work,
      pkg,
      sidecar,
      dir,
      save,
      progress,
    };
    const cover = await resolveCover(run);
    const mastered = await masterFiles(run);
    const sample = await makeRetailSample(run, mastered);
    rejectFailedFiles(run, mastered, sample);
    const written = await writePackage(run, cover, mastered, sample);
    const headers = plan.filter((f) => f.kind === 'chapter').map((f) => f.header);
    const credits = exportCredits(input, headers);
    reportUsage({
      credits,
      audioDuration: written.outputSeconds,
      metadata: { files: plan.length },
    });
    books.status.exported(project.id);
    return {
      zip: {
        path: path.relative(books.deps.config.home, written.zipPath),
        filename: written.zipName,
        bytes: written.bytes,
        sha256: sha256File(written.zipPath),
      },
      files: written.files,
      output_seconds: Math.round(written.outputSeconds * 10) / 10,
      warnings: sidecar.warnings,
      credits_used: credits,
    };
  },
});

export { readSidecar };
