/**
 * Pages of the Audiobooks area, from the hash path:
 *
 *   /audiobooks                                   the library
 *   /audiobooks/<project>                         the manuscript (first narrated chapter)
 *   /audiobooks/<project>/chapters/<chapter>      the manuscript, that chapter open
 *   /audiobooks/<project>/cast                    the cast
 */
export const LIBRARY_PATH = '/audiobooks';

export type AudiobookView =
  | { kind: 'library' }
  | { kind: 'manuscript'; projectId: string; chapterId: string | null }
  | { kind: 'cast'; projectId: string }
  | { kind: 'not-found' };

export function audiobookView(path: string): AudiobookView {
  if (path === LIBRARY_PATH) return { kind: 'library' };
  if (!path.startsWith(`${LIBRARY_PATH}/`)) return { kind: 'not-found' };
  const parts = path
    .slice(LIBRARY_PATH.length + 1)
    .split('/')
    .map(safeDecode);
  const [projectId, section, chapterId, ...rest] = parts;
  if (!projectId || rest.length > 0) return { kind: 'not-found' };
  if (section === undefined) return { kind: 'manuscript', projectId, chapterId: null };
  if (section === 'cast' && chapterId === undefined) return { kind: 'cast', projectId };
  if (section === 'chapters' && chapterId) return { kind: 'manuscript', projectId, chapterId };
  return { kind: 'not-found' };
}

export function projectPath(projectId: string): string {
  return `${LIBRARY_PATH}/${encodeURIComponent(projectId)}`;
}

export function chapterPath(projectId: string, chapterId: string): string {
  return `${projectPath(projectId)}/chapters/${encodeURIComponent(chapterId)}`;
}

export function castPath(projectId: string): string {
  return `${projectPath(projectId)}/cast`;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The chapter to open when none is chosen: the first one that is narrated, else the first. */
export function defaultChapterId(
  chapters: readonly { id: string; skip_narration: boolean }[],
): string | null {
  return (chapters.find((chapter) => !chapter.skip_narration) ?? chapters[0])?.id ?? null;
}
