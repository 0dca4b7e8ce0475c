/**
 * GET .../narration/progress (docs/api/narration.md): counts, chapters, ETA and the line being
 * spoken, from the book's lines and its running narration jobs. Pure over rows.
 */
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import { countStatuses } from '../status/status-rules.ts';

export function narrationProgress(
  project: ProjectRow,
  active: readonly JobRow[],
  lines: readonly ParagraphRow[],
  allChapters: readonly ChapterRow[],
  /** Lines whose audio no longer matches them (status/line-staleness.ts). */
  stale: ReadonlyMap<string, unknown>,
) {
  const staleIn = (group: readonly ParagraphRow[]): number =>
    group.filter((p) => stale.has(p.id)).length;
  const counts = countStatuses(lines.map((p) => p.status));
  const chapters = allChapters.filter((c) => !c.skipNarration);
  const byChapter = new Map<string, ParagraphRow[]>();
  for (const line of lines) {
    const group = byChapter.get(line.chapterId);
    if (group) group.push(line);
    else byChapter.set(line.chapterId, [line]);
  }
  const eta = active.reduce<number | null>(
    (max, job) => (job.etaSeconds === null ? max : Math.max(max ?? 0, job.etaSeconds)),
    null,
  );
  return {
    project_id: project.id,
    status: (counts.narrating > 0 || active.some((j) => j.status === 'running')
      ? 'narrating'
      : active.length > 0
        ? 'queued'
        : 'idle') as 'idle' | 'queued' | 'narrating',
    job_ids: active.map((j) => j.id),
    percent: counts.total === 0 ? 0 : Math.round((counts.completed / counts.total) * 1000) / 10,
    total_paragraphs: counts.total,
    completed: counts.completed,
    failed: counts.failed,
    queued: counts.queued,
    narrating: counts.narrating,
    pending: counts.pending,
    stale_paragraphs: staleIn(lines),
    narrated_seconds:
      Math.round(
        lines.reduce((s, p) => s + (p.status === 'completed' ? (p.durationSeconds ?? 0) : 0), 0) *
          10,
      ) / 10,
    eta_seconds: eta === null ? null : Math.round(eta),
    current_paragraph_id: lines.find((p) => p.status === 'narrating')?.id ?? null,
    chapters: chapters.map((c) => {
      const group = byChapter.get(c.id) ?? [];
      const mine = countStatuses(group.map((p) => p.status));
      return {
        chapter_id: c.id,
        chapter_number: c.chapterNumber,
        title: c.title,
        status: c.status,
        total_paragraphs: mine.total,
        completed: mine.completed,
        failed: mine.failed,
        stale_paragraphs: staleIn(group),
      };
    }),
  };
}
