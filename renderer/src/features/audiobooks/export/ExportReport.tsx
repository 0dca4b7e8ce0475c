/**
 * The per-file ACX report of an export: measured RMS, true peak, noise floor, length, and pass
 * or fail with each broken rule's reason (docs/api/export.md, "Rules").
 */
import type { ExportChapterProgress, ExportFileReport } from './export-types.ts';

const db = (value: number | null | undefined): string =>
  value === null || value === undefined ? '−∞' : `${value.toFixed(1)} dB`;

function length(seconds: number | undefined): string {
  if (seconds === undefined) return '–';
  const m = Math.floor(seconds / 60);
  return `${m}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
}

export function ExportReport({
  report,
  chapters,
}: {
  report: ExportFileReport[];
  chapters: ExportChapterProgress[];
}) {
  const byFile = new Map(report.map((r) => [r.file, r]));
  const rows = [
    ...chapters.map((c) => ({ file: c.file, title: c.title, progress: c })),
    ...report
      .filter((r) => !chapters.some((c) => c.file === r.file))
      .map((r) => ({ file: r.file, title: r.title, progress: null })),
  ];
  return (
    <table className="table ab-export-report" data-testid="export-report">
      <thead>
        <tr>
          <th>File</th>
          <th>RMS</th>
          <th>True peak</th>
          <th>Noise floor</th>
          <th>Length</th>
          <th>Result</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const r = byFile.get(row.file);
          const m = r?.measurement ?? null;
          return (
            <tr key={row.file} data-testid="export-report-row">
              <td>{row.file}</td>
              <td>{m ? db(m.rms_db) : '–'}</td>
              <td>{m ? db(m.true_peak_db) : '–'}</td>
              <td>{m ? db(m.noise_floor_db) : '–'}</td>
              <td>{length(m?.duration_seconds)}</td>
              <td>
                {r ? (
                  r.passed ? (
                    <span className="ab-pass">Pass</span>
                  ) : (
                    <span className="ab-fail" title={r.violations.map((v) => v.message).join('\n')}>
                      Fail: {r.violations.map((v) => v.message).join('; ')}
                    </span>
                  )
                ) : (
                  <span className="muted">
                    {row.progress ? `${row.progress.status} ${row.progress.percent}%` : '–'}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
