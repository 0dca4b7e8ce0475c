/**
 * Where an export's files live and the small JSON files beside them: `<data dir>/exports/
 * <project>/<job>/` holds the work folder, the package folder, `progress.json` (per-chapter
 * progress, read by the status route while the job runs) and `report.json` (every file's
 * measurements and verdict, kept also when the export is rejected).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChapterProgress, FileReport } from './export-schemas.ts';

export function exportDir(home: string, projectId: string, jobId: number): string {
  return path.join(home, 'exports', projectId, String(jobId));
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

export interface ExportSidecar {
  chapters: ChapterProgress[];
  report: FileReport[];
  warnings: string[];
}

export function writeSidecar(dir: string, sidecar: ExportSidecar): void {
  writeJson(path.join(dir, 'progress.json'), sidecar);
}

export function readSidecar(dir: string): ExportSidecar {
  return readJson(path.join(dir, 'progress.json'), { chapters: [], report: [], warnings: [] });
}

export function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}
