/**
 * Wire types of the export routes (engine/src/features/books/export/export-schemas.ts,
 * docs/api/export.md), inferred from the engine's zod schemas with type-only imports.
 */
import type { z } from 'zod';
import type {
  exportBody,
  exportDownload,
  exportStarted,
  exportStatus,
} from '../../../../../engine/src/features/books/export/export-schemas.ts';
import type { productionSettingsSchema } from '../../../../../engine/src/features/books/production/production-schemas.ts';

export type ExportRequest = z.input<typeof exportBody>;
export type ExportStarted = z.output<typeof exportStarted>;
export type ExportStatus = z.output<typeof exportStatus>;
export type ExportFileReport = ExportStatus['report'][number];
export type ExportChapterProgress = ExportStatus['chapters'][number];
export type ExportDownload = z.output<typeof exportDownload>;
export type ProductionSettings = z.output<typeof productionSettingsSchema>;
export type ProductionMedia = ProductionSettings['media'][number];
