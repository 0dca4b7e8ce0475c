/**
 * The export's cover (docs/api/export.md, "Cover"): a bad one rejects the export before any audio
 * work; a missing one is only a warning in the manifest.
 */
import { AppError } from '../../../errors.ts';
import { checkCover, type CoverReport } from './cover-check.ts';
import type { ExportRun } from './export-run.ts';

export interface ExportCover {
  file: string;
  report: CoverReport;
  name: string;
}

export async function resolveCover(run: ExportRun): Promise<ExportCover | null> {
  const { books, project, input, ffmpeg, signal, sidecar } = run;
  if (!input.cover_media_id) {
    sidecar.warnings.push(
      'No cover: ACX needs a square JPG or PNG of at least 2400×2400 (upload one with POST .../media/upload).',
    );
    return null;
  }
  {
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
    return { file, report, name: `cover.${report.format}` };
  }
}
