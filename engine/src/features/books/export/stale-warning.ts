/**
 * An export of lines whose audio is stale (docs/api/narration.md, "Stale audio") is allowed — the
 * audio exists and the narrator may mean to keep it — but the package says so: one warning naming
 * how many lines changed since narration, per chapter, in the job's result, the status route and
 * the package's metadata.json.
 */
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import type { Books } from '../books.ts';
import type { PlannedFile } from './export-plan.ts';

export function staleWarning(
  books: Books,
  project: ProjectRow,
  plan: readonly PlannedFile[],
): string | null {
  const ids = plan.flatMap((f) => f.takes.map((t) => t.paragraphId));
  const lines = books.repos.chapters.paragraphsByIds(ids);
  const stale = books.staleness.of(project, lines);
  if (stale.size === 0) return null;
  const perChapter = new Map<string, number>();
  for (const line of lines)
    if (stale.has(line.id))
      perChapter.set(line.chapterId, (perChapter.get(line.chapterId) ?? 0) + 1);
  const named = books.repos.chapters
    .listChapters(project.id)
    .filter((c) => perChapter.has(c.id))
    .map((c) => `${c.title} (${perChapter.get(c.id) ?? 0})`);
  return (
    `${stale.size} ${stale.size === 1 ? 'line' : 'lines'} changed since narration; the package carries their earlier audio: ` +
    `${named.join(', ')}. Re-narrate the changed lines to update them.`
  );
}
