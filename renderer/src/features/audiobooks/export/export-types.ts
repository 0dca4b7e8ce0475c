/**
 * Wire types of the export routes (docs/api/export.md), named from the engine's contract
 * (../../../api/contract.gen.ts, generated from the route table).
 */
import type { BodyOf, ResponseOf } from '../../../api/contract.ts';

type Book = '/audiobook/projects/{project_id}';

export type ExportRequest = BodyOf<'post', `${Book}/export`>;
export type ExportStarted = ResponseOf<'post', `${Book}/export`>;
export type ExportStatus = ResponseOf<'get', `${Book}/export/{export_job_id}/status`>;
export type ExportFileReport = ExportStatus['report'][number];
export type ExportChapterProgress = ExportStatus['chapters'][number];
export type ExportDownload = ResponseOf<'get', `${Book}/export/{export_job_id}/download`>;
export type ProductionSettings = ResponseOf<'get', `${Book}/production-settings`>;
export type ProductionMedia = ProductionSettings['media'][number];
export type ExportChapter = ResponseOf<'get', `${Book}/chapters`>['chapters'][number];

/** A chapter the engine named in a 409 `export_not_ready` (docs/api/export.md). */
export interface NotReadyChapter {
  chapter_id: string;
  chapter_number: number;
  title: string;
  /** How many lines have no audio: `paragraphs` lists at most 50 of them. */
  missing_count?: number;
  paragraphs: { id: string; position: number; status: string }[];
}
