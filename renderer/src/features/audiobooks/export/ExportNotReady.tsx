/**
 * Shown in the export dialog when the engine answers 409 `export_not_ready` (issue 14): which
 * chapters still have paragraphs without narrated audio, and two ways on without leaving the
 * dialog: export only the chapters that are narrated (`chapter_ids`), or skip the unnarrated
 * chapters with one click (skip_narration through the chapter route) and export the rest.
 */
import type { NotReadyChapter } from './export-types.ts';

export function notReadyChapters(body: Record<string, unknown> | null): NotReadyChapter[] {
  const chapters = body?.chapters;
  if (!Array.isArray(chapters)) return [];
  return chapters.filter(
    (c): c is NotReadyChapter =>
      typeof c === 'object' && c !== null && typeof (c as NotReadyChapter).chapter_id === 'string',
  );
}

export function ExportNotReady({
  chapters,
  busy,
  onExportNarrated,
  onSkipAndExport,
}: {
  chapters: NotReadyChapter[];
  busy: boolean;
  onExportNarrated: () => void;
  onSkipAndExport: () => void;
}) {
  return (
    <div className="ab-export-notready" role="alert" data-testid="export-not-ready">
      <strong>
        {chapters.length === 1
          ? 'One chapter is not narrated yet:'
          : `${chapters.length} chapters are not narrated yet:`}
      </strong>
      <ul>
        {chapters.map((c) => (
          <li key={c.chapter_id} data-testid="export-not-ready-chapter">
            Chapter {c.chapter_number}
            {c.title ? ` · ${c.title}` : ''} — {c.paragraphs.length} paragraph
            {c.paragraphs.length === 1 ? '' : 's'} without audio
          </li>
        ))}
      </ul>
      <div className="ab-export__actions">
        <button
          type="button"
          className="button"
          onClick={onExportNarrated}
          disabled={busy}
          data-testid="export-narrated-only"
        >
          Export narrated chapters only
        </button>
        <button
          type="button"
          className="button"
          onClick={onSkipAndExport}
          disabled={busy}
          data-testid="export-skip-chapters"
        >
          Skip {chapters.length === 1 ? 'this chapter' : 'these chapters'} and export
        </button>
      </div>
    </div>
  );
}
