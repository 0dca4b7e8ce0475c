/**
 * The export's verdict: every file's report (kept in the sidecar for the studio's report table)
 * and, when any file fails ACX, the rejection naming each file, rule, measured value and limit.
 */
import { AppError } from '../../../errors.ts';
import type { MasteredFiles } from './export-master.ts';
import type { ExportRun } from './export-run.ts';
import type { RetailSample } from './export-sample.ts';
import { describeRejections } from './validator.ts';

export function rejectFailedFiles(
  run: ExportRun,
  { measurements }: MasteredFiles,
  sample: RetailSample,
): void {
  const { plan, sidecar, save } = run;
  sidecar.report = [
    ...plan.map((_, i) => measurements.get(i)!),
    {
      file: sample.name,
      kind: 'retail_sample',
      title: 'Retail Sample',
      chapter_number: sample.source.chapterNumber,
      passed: sample.verdict.passed,
      violations: sample.verdict.violations,
      measurement: sample.measurement,
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
}
