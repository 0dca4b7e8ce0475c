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
import type { JobHandler } from '../../../jobs/job-types.ts';
import { AppError } from '../../../errors.ts';
import { z } from 'zod';
import { JOB_TYPES } from '../book-jobs.ts';
import { characterCount, CHARACTERS_PER_CREDIT } from '../narration/narration-pricing.ts';
import { ACX_RULES } from './acx-rules.ts';
import { checkCover, type CoverReport } from './cover-check.ts';
import {
  exportDir,
  readSidecar,
  sha256File,
  writeSidecar,
  type ExportSidecar,
} from './export-files.ts';
import { planExport, safeName, type PlannedFile } from './export-plan.ts';
import { exportBody, type FileReport } from './export-schemas.ts';
import { writeM4b } from './m4b.ts';
import { masterToMp3 } from './master-chain.ts';
import { measureAudioFile } from './file-measure.ts';
import { cutRetailSample } from './retail-sample.ts';
import { atRate, narratorVoice, speakClip, HEADER_PAUSE_MS } from './speech-clip.ts';
import { describeRejections, validateMeasurement } from './validator.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';
import { creditsText, type CreditsInput } from './credits-text.ts';
import type { Books } from '../books.ts';

export const exportInput = exportBody.extend({
  project_id: z.string(),
  /** Resolved at POST time so a re-run makes the same package. */
  credits: z.object({ opening: z.string(), closing: z.string() }).nullable(),
  narrator_name: z.string(),
  subtitle_text: z.string(),
  cover_media_id: z.string().nullable(),
});
export type ExportInput = z.output<typeof exportInput>;

export interface ExportResult {
  zip: { path: string; filename: string; bytes: number; sha256: string };
  files: number;
  output_seconds: number;
  warnings: string[];
  credits_used: number;
}

const CONCURRENCY = 2;

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

async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
}

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
    });
    sidecar.chapters = plan.map((f) => ({
      file: f.file,
      title: f.title,
      kind: f.kind,
      chapter_number: f.chapterNumber,
      status: 'pending',
      percent: 0,
    }));
    save();

    // Cover: a bad one rejects now; a missing one is a warning in the manifest.
    let cover: { file: string; report: CoverReport; name: string } | null = null;
    if (input.cover_media_id) {
      const media = books.repos.production.media(project.id, input.cover_media_id);
      if (!media)
        throw new AppError('not_found', `Cover ${input.cover_media_id} is not in this project.`);
      const file = books.deps.files.pathOf(books.deps.files.get(project.ownerId, media.fileKey));
      const report = await checkCover(ffmpeg, file, signal);
      if (!report.passed)
        throw new AppError(
          'acx_noncompliant',
          `The cover is not accepted: ${report.problems.join('; ')}.`,
          {
            details: { cover: report },
          },
        );
      cover = { file, report, name: `cover.${report.format}` };
    } else
      sidecar.warnings.push(
        'No cover: ACX needs a square JPG or PNG of at least 2400×2400 (upload one with POST .../media/upload).',
      );

    // Speech the export adds: credits and section headers.
    progress({ percent: 2, stage: 'narrating credits and section headers' });
    const voice = narratorVoice(books, project);
    const totalSeconds =
      plan.reduce((s, f) => s + f.takes.reduce((n, t) => n + t.seconds, 0), 0) + 60;
    const done = new Map<number, number>();
    const report = (): void => {
      const seconds = [...done.values()].reduce((a, b) => a + b, 0);
      progress({ percent: 5 + (seconds / totalSeconds) * 85, stage: 'mastering chapters' });
    };
    const tags = (f: PlannedFile, i: number) => ({
      title: f.title,
      album: project.title,
      artist: project.author || 'Unknown author',
      narrator: input.narrator_name,
      track: `${i + 1}/${plan.length}`,
    });
    const measurements = new Map<number, FileReport>();
    const durations = new Map<number, number>();
    const headerSeconds = new Map<number, number>();
    await eachLimited(plan, CONCURRENCY, async (f, i) => {
      const row = sidecar.chapters[i]!;
      row.status = 'mastering';
      save();
      const clip = await speakClip(
        books,
        ffmpeg,
        project,
        voice,
        f.header,
        path.join(work, `header-${i}.flac`),
        signal,
      );
      headerSeconds.set(i, clip.seconds);
      const rate = f.takes[0]?.sampleRate ?? clip.sampleRate;
      const inputs = [
        await atRate(ffmpeg, clip, rate, path.join(work, `header-${i}-${rate}.flac`), signal),
      ];
      for (const [k, take] of f.takes.entries())
        inputs.push(
          await atRate(ffmpeg, take, rate, path.join(work, `take-${i}-${k}.flac`), signal),
        );
      const master = await masterToMp3(ffmpeg, {
        inputs,
        sampleRate: rate,
        output: path.join(pkg, f.file),
        workDir: work,
        tags: tags(f, i),
        targetRmsDb: input.target_rms_db,
        seed: i + 1,
        signal,
        onProgress: (fraction) => {
          row.percent = Math.round(fraction * 90);
          if (fraction >= 1 && row.status === 'mastering') {
            row.status = 'measuring';
            save();
          }
          done.set(i, fraction * f.takes.reduce((n, t) => n + t.seconds, clip.seconds));
          report();
        },
      });
      const verdict = validateMeasurement(master.measurement, 'chapter');
      measurements.set(i, {
        file: f.file,
        kind: f.kind,
        title: f.title,
        chapter_number: f.chapterNumber,
        passed: verdict.passed,
        violations: verdict.violations,
        measurement: master.measurement,
      });
      durations.set(i, master.measurement.duration_seconds);
      row.status = verdict.passed ? 'done' : 'failed';
      row.percent = 100;
      save();
    });

    // Retail sample from the chosen chapter, after its section header.
    progress({ percent: 91, stage: 'cutting the retail sample' });
    const chapterIndex = input.retail_sample_chapter
      ? plan.findIndex((f) => f.chapterNumber === input.retail_sample_chapter)
      : plan.findIndex((f) => f.kind === 'chapter');
    if (chapterIndex < 0)
      throw new AppError(
        'validation_error',
        `No exported chapter has number ${input.retail_sample_chapter}.`,
      );
    const source = plan[chapterIndex]!;
    const sourceSeconds = durations.get(chapterIndex) ?? 0;
    const narrationStart = headerSeconds.get(chapterIndex) ?? 0;
    const start = Math.min(
      0.75 + narrationStart - HEADER_PAUSE_MS / 2000 + input.retail_sample_start_seconds,
      Math.max(0, sourceSeconds - 5),
    );
    const sampleName = 'Retail Sample.mp3';
    await cutRetailSample(ffmpeg, path.join(pkg, source.file), path.join(pkg, sampleName), {
      startSeconds: start,
      seconds: Math.min(input.retail_sample_seconds, Math.max(1, sourceSeconds - start)),
      tags: {
        title: `${project.title} (Retail Sample)`,
        album: project.title,
        artist: project.author,
        narrator: input.narrator_name,
      },
      signal,
    });
    const sampleMeasure = await measureAudioFile(ffmpeg, path.join(pkg, sampleName), { signal });
    const sampleVerdict = validateMeasurement(sampleMeasure, 'sample');

    sidecar.report = [
      ...plan.map((_, i) => measurements.get(i)!),
      {
        file: sampleName,
        kind: 'retail_sample',
        title: 'Retail Sample',
        chapter_number: source.chapterNumber,
        passed: sampleVerdict.passed,
        violations: sampleVerdict.violations,
        measurement: sampleMeasure,
      },
    ];
    save();
    const failed = sidecar.report.filter((r) => !r.passed);
    if (failed.length > 0)
      throw new AppError(
        'acx_noncompliant',
        describeRejections(
          failed.map((r) => ({
            file: r.file,
            verdict: { passed: false, violations: r.violations },
          })),
        ),
        {
          details: {
            files: failed.map((r) => ({
              file: r.file,
              chapter_number: r.chapter_number,
              violations: r.violations,
            })),
          },
        },
      );

    // Package.
    progress({ percent: 94, stage: 'packaging' });
    const entries: ZipEntry[] = [];
    const manifestFiles = sidecar.report.map((r) => {
      const file = path.join(pkg, r.file);
      entries.push({ name: r.file, file });
      return {
        file: r.file,
        kind: r.kind,
        title: r.title,
        chapter_number: r.chapter_number,
        part: plan.find((f) => f.file === r.file)?.part ?? null,
        duration_seconds: r.measurement?.duration_seconds ?? 0,
        bytes: fs.statSync(file).size,
        sha256: sha256File(file),
        levels: r.measurement,
      };
    });
    let m4bName: string | null = null;
    if (input.format === 'm4b') {
      progress({ percent: 95, stage: 'writing the M4B' });
      m4bName = `${safeName(project.title)}.m4b`;
      await writeM4b(ffmpeg, {
        files: plan.map((f, i) => ({
          file: path.join(pkg, f.file),
          title: f.title,
          seconds: durations.get(i) ?? 0,
        })),
        cover: cover?.file ?? null,
        tags: { title: project.title, artist: project.author, narrator: input.narrator_name },
        workDir: work,
        output: path.join(pkg, m4bName),
        signal,
      });
      const file = path.join(pkg, m4bName);
      entries.push({ name: m4bName, file });
      manifestFiles.push({
        file: m4bName,
        kind: 'm4b',
        title: project.title,
        chapter_number: null,
        part: null,
        duration_seconds:
          Math.round(plan.reduce((s, _, i) => s + (durations.get(i) ?? 0), 0) * 1000) / 1000,
        bytes: fs.statSync(file).size,
        sha256: sha256File(file),
        levels: null,
      });
    }
    if (cover) entries.push({ name: cover.name, file: cover.file });
    const outputSeconds = plan.reduce((s, _, i) => s + (durations.get(i) ?? 0), 0);
    const manifest = {
      manifest_version: 1,
      generated_by: 'Tapehouse',
      generated_at: new Date().toISOString(),
      book: {
        project_id: project.id,
        title: project.title,
        subtitle: input.subtitle_text || null,
        author: project.author,
        narrator: input.narrator_name,
        language: project.language,
        isbn: project.isbn || null,
      },
      audio_spec: {
        format: 'mp3',
        bitrate_kbps: 192,
        bitrate_mode: 'CBR',
        sample_rate: ACX_RULES.sampleRate,
        channels: 1,
        target_rms_db: input.target_rms_db,
        rules: ACX_RULES,
      },
      cover: cover
        ? {
            file: cover.name,
            width: cover.report.width,
            height: cover.report.height,
            format: cover.report.format,
            sha256: sha256File(cover.file),
          }
        : null,
      chapters: plan.map((f, i) => ({
        file: f.file,
        kind: f.kind,
        title: f.title,
        chapter_number: f.chapterNumber,
        part: f.part,
        duration_seconds: durations.get(i) ?? 0,
        paragraphs: f.takes.length,
      })),
      retail_sample: {
        file: sampleName,
        chapter_number: source.chapterNumber,
        start_seconds: Math.round(start * 1000) / 1000,
        duration_seconds: sampleMeasure.duration_seconds,
      },
      m4b: m4bName,
      total_duration_seconds: Math.round(outputSeconds * 1000) / 1000,
      warnings: sidecar.warnings,
      files: manifestFiles,
    };
    entries.push({
      name: 'metadata.json',
      data: Buffer.from(JSON.stringify(manifest, null, 2)),
      deflate: true,
    });
    const zipName = `${safeName(project.title)} - ACX.zip`;
    const zipPath = path.join(dir, zipName);
    const bytes = writeZip(zipPath, entries);
    fs.rmSync(work, { recursive: true, force: true });
    const headers = plan.filter((f) => f.kind === 'chapter').map((f) => f.header);
    const credits = exportCredits(input, headers);
    reportUsage({ credits, audioDuration: outputSeconds, metadata: { files: plan.length } });
    books.repos.projects.update(project.id, {
      productionCompletedAt: new Date().toISOString(),
    });
    return {
      zip: {
        path: path.relative(books.deps.config.home, zipPath),
        filename: zipName,
        bytes,
        sha256: sha256File(zipPath),
      },
      files: manifestFiles.length,
      output_seconds: Math.round(outputSeconds * 10) / 10,
      warnings: sidecar.warnings,
      credits_used: credits,
    };
  },
});

export { readSidecar };
