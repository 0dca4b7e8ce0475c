/**
 * What the chapter player plays: every paragraph of a chapter that has audio, in order, as its
 * active take (URL made absolute, text, highlight units). Paragraphs without audio are left
 * out (they are counted, so the player can say so).
 */
import type { ContractApi } from '../../api/contract.ts';
import { BOOK_ROUTE } from './book-queries.ts';
import type { TakeTiming } from './narration-types.ts';
import { absoluteUrl, highlightUnits } from './take-timing.ts';

export interface PlaylistItem {
  paragraphId: string;
  text: string;
  url: string;
  units: TakeTiming[];
}

export interface Playlist {
  items: PlaylistItem[];
  /** Paragraphs of the chapter without an active take. */
  missing: number;
}

export async function loadPlaylist(
  api: ContractApi,
  origin: string,
  projectId: string,
  chapterId: string,
  signal: AbortSignal,
): Promise<Playlist> {
  const page = await api.get(`${BOOK_ROUTE}/chapters/{chapter_id}/paragraphs`, {
    params: { project_id: projectId, chapter_id: chapterId },
    signal,
  });
  const takes = await Promise.all(
    page.paragraphs.map((paragraph) =>
      paragraph.status === 'completed'
        ? api.get(`${BOOK_ROUTE}/paragraphs/{paragraph_id}/takes`, {
            params: { project_id: projectId, paragraph_id: paragraph.id },
            signal,
          })
        : Promise.resolve(null),
    ),
  );
  const items: PlaylistItem[] = [];
  takes.forEach((list, index) => {
    const active = list?.takes.find((take) => take.is_active);
    const paragraph = page.paragraphs[index];
    if (!active || !paragraph) return;
    items.push({
      paragraphId: paragraph.id,
      text: active.text,
      url: absoluteUrl(origin, active.audio_url),
      units: highlightUnits(active.timings),
    });
  });
  return { items, missing: page.paragraphs.length - items.length };
}
