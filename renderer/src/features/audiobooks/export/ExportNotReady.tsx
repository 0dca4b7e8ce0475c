/**
 * Shown in the export dialog when the engine answers 409 `export_not_ready` (issue 14): which
 * chapters still have paragraphs without narrated audio, and two ways on without leaving the
 * dialog: export only the chapters that are narrated (`chapter_ids`), or skip the unnarrated
 * chapters with one click (skip_narration through the chapter route) and export the rest.
 */
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { NotReadyChapter } from './export-types.ts';
import styles from './Export.module.css';

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
    <Alert
      tone="warn"
      testId="export-not-ready"
      title={
        chapters.length === 1
          ? 'One chapter is not narrated yet:'
          : `${chapters.length} chapters are not narrated yet:`
      }
    >
      <div className={styles.notReady}>
        <ul>
          {chapters.map((c) => (
            <li key={c.chapter_id} data-testid="export-not-ready-chapter">
              Chapter {c.chapter_number}
              {c.title ? ` · ${c.title}` : ''} — {c.missing_count ?? c.paragraphs.length} paragraph
              {(c.missing_count ?? c.paragraphs.length) === 1 ? '' : 's'} without audio
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button
            size="sm"
            onClick={onExportNarrated}
            disabled={busy}
            testId="export-narrated-only"
          >
            Export narrated chapters only
          </Button>
          <Button size="sm" onClick={onSkipAndExport} disabled={busy} testId="export-skip-chapters">
            Skip {chapters.length === 1 ? 'this chapter' : 'these chapters'} and export
          </Button>
        </div>
      </div>
    </Alert>
  );
}
