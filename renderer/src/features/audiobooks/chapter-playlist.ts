/**
 * What the chapter player plays: every paragraph of a chapter that has audio, in order, as its
 * active take (URL made absolute, text, highlight units). Paragraphs without audio are left
 * out (they are counted, so the player can say so).
 */
import type { AudiobookClient } from './audiobook-client.ts';
import type { NarrationClient } from './narration-client.ts';
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
  books: AudiobookClient,
  narration: NarrationClient,
  projectId: string,
  chapterId: string,
  signal: AbortSignal,
): Promise<Playlist> {
  const [origin, page] = await Promise.all([
    narration.origin(),
    books.listParagraphs(projectId, chapterId, null, signal),
  ]);
  const takes = await Promise.all(
    page.paragraphs.map((paragraph) =>
      paragraph.status === 'completed'
        ? narration.takes(projectId, paragraph.id, signal)
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
