/**
 * Where a finished music tool job reopens: its page with `?job=<id>` in the hash
 * (`#/music/stems?job=12`). The Jobs rows and each page's history link there.
 */
import { hrefFor } from '../shell/router.ts';

export const TOOL_PAGES: Record<string, string> = {
  stem_extraction: '/music/stems',
  midi_transcription: '/music/midi',
  denoise: '/music/denoise',
};

export function resultHref(job: { id: number; type: string }): string | null {
  const page = TOOL_PAGES[job.type];
  return page === undefined ? null : `${hrefFor(page)}?job=${job.id}`;
}

/** The `job` of the current hash's query, or null. */
export function jobIdFromHash(hash: string): number | null {
  const raw = new URLSearchParams(hash.split('?')[1] ?? '').get('job');
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The name a person gave the file (never the store's hash). */
export function sourceName(input: unknown): string | null {
  if (input === null || typeof input !== 'object') return null;
  const { original_filename: original, filename } = input as Record<string, unknown>;
  if (typeof original === 'string' && original !== '') return original;
  if (typeof filename === 'string' && filename !== '') return filename;
  return null;
}
