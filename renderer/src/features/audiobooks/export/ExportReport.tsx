/**
 * The per-file ACX report of an export: measured RMS, true peak, noise floor, length, and pass
 * or fail with each broken rule's reason (docs/api/export.md, "Rules").
 */
import { formatClock, formatDb } from '../../../lib/format.ts';
import { Table, cell } from '../../../ui/Table.tsx';
import type { ExportChapterProgress, ExportFileReport } from './export-types.ts';
import styles from './Export.module.css';

const db = (value: number | null | undefined): string =>
  value === null || value === undefined ? formatDb(Number.NEGATIVE_INFINITY) : formatDb(value);

const STATE: Record<string, string> = {
  pending: 'waiting',
  queued: 'waiting',
  running: 'mastering',
  mastering: 'mastering',
  completed: 'done',
  failed: 'failed',
};

export function ExportReport({
  report,
  chapters,
}: {
  report: ExportFileReport[];
  chapters: ExportChapterProgress[];
}) {
  const byFile = new Map(report.map((r) => [r.file, r]));
  const rows = [
    ...chapters.map((c) => ({ file: c.file, progress: c })),
    ...report
      .filter((r) => !chapters.some((c) => c.file === r.file))
      .map((r) => ({ file: r.file, progress: null })),
  ];
  return (
    <Table label="ACX check of each file" testId="export-report" minWidth={640}>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col" className={cell.num}>
            RMS
          </th>
          <th scope="col" className={cell.num}>
            True peak
          </th>
          <th scope="col" className={cell.num}>
            Noise floor
          </th>
          <th scope="col" className={cell.num}>
            Length
          </th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const r = byFile.get(row.file);
          const m = r?.measurement ?? null;
          return (
            <tr key={row.file} data-testid="export-report-row">
              <td>{row.file}</td>
              <td className={cell.num}>{m ? db(m.rms_db) : '–'}</td>
              <td className={cell.num}>{m ? db(m.true_peak_db) : '–'}</td>
              <td className={cell.num}>{m ? db(m.noise_floor_db) : '–'}</td>
              <td className={cell.num}>
                {m?.duration_seconds === undefined ? '–' : formatClock(m.duration_seconds)}
              </td>
              <td>
                {r ? (
                  r.passed ? (
                    <span className={styles.pass}>Pass</span>
                  ) : (
                    <span className={styles.fail}>
                      Fail: {r.violations.map((v) => v.message).join('; ')}
                    </span>
                  )
                ) : (
                  <span className="muted">
                    {row.progress
                      ? `${STATE[row.progress.status] ?? row.progress.status} ${row.progress.percent}%`
                      : '–'}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
