/**
 * The audiobook screens' reads, from the data layer's cache (../../data): a book with its
 * chapters, its cast, the voices suited to its language, its narration progress. Each is keyed
 * by its route, so a change to one book (`bookFamily`) or a job event for it refreshes exactly
 * what shows it. Every call is the machine's owner's (the studio token): README.md, "Who owns
 * the books".
 */
import type { RouteFamily } from '../../data/contract-keys.ts';
import { useContractQuery } from '../../data/contract-query.ts';

export const BOOK_ROUTE = '/audiobook/projects/{project_id}';

/** Every route of one book (its project, chapters, paragraphs, cast, narration, export …). */
export function bookFamily(projectId: string): RouteFamily {
  return { path: BOOK_ROUTE, params: { project_id: projectId } };
}

/** The book's paragraph listings (statuses, speakers) without its other routes. */
export function paragraphsFamily(projectId: string): RouteFamily {
  return { path: `${BOOK_ROUTE}/chapters`, params: { project_id: projectId } };
}

export function useProject(projectId: string) {
  return useContractQuery(BOOK_ROUTE, {
    params: { project_id: projectId },
    query: { include_chapters: true },
  });
}

export function useCast(projectId: string) {
  return useContractQuery(`${BOOK_ROUTE}/cast`, { params: { project_id: projectId } });
}

/**
 * Voices suited to the book's language, best fit first; `variants` adds the built-in voices'
 * character presets (what a large cast's distinct voices are made of).
 */
export function useBookVoices(language: string | null, variants = false) {
  return useContractQuery('/audiobook/voices/available', {
    query: { language: language || undefined, include_variants: variants || undefined },
  });
}

export function useNarrationProgressQuery(projectId: string) {
  return useContractQuery(`${BOOK_ROUTE}/narration/progress`, {
    params: { project_id: projectId },
  });
}
