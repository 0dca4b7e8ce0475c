/**
 * The package (docs/api/export.md, "Package"): metadata.json with every file's size, sha256 and
 * levels, the optional M4B with chapter markers, the cover, and one ZIP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ACX_RULES } from './acx-rules.ts';
import type { ExportCover } from './export-cover.ts';
import { sha256File } from './export-files.ts';
import type { MasteredFiles } from './export-master.ts';
import { safeName } from './export-plan.ts';
import type { ExportRun } from './export-run.ts';
import type { RetailSample } from './export-sample.ts';
import { writeM4b } from './m4b.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

export interface ExportPackage {
  zipName: string;
  zipPath: string;
  bytes: number;
  files: number;
  outputSeconds: number;
}

export async function writePackage(
  run: ExportRun,
  cover: ExportCover | null,
  { durations }: MasteredFiles,
  sample: RetailSample,
): Promise<ExportPackage> {
  const { project, input, ffmpeg, signal, plan, work, pkg, dir, sidecar, progress } = run;
  const { name: sampleName, source, start, measurement: sampleMeasure } = sample;
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
      tags: {
        title: project.title,
        artist: project.author,
        narrator: input.narrator_name,
        publisher: project.publisher,
      },
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
      publisher: project.publisher || null,
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
  return { zipName, zipPath, bytes, files: manifestFiles.length, outputSeconds };
}
