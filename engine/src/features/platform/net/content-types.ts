/**
 * What a fetched body may be, by its Content-Type. A URL input that answers with a web page
 * where a recording was expected is the most common mistake, and feeding HTML to ffmpeg or a
 * model only produces a confusing error later, so the fetcher refuses it at once and says why.
 */

export type ContentKind = 'media' | 'html' | 'any';

/** Types that are not `audio/*` or `video/*` but still carry media files. */
const MEDIA_TYPES = new Set([
  'application/octet-stream',
  'binary/octet-stream',
  'application/ogg',
  'application/mp4',
  'application/x-matroska',
  'application/flac',
  'application/x-flac',
  'application/x-wav',
  'application/vnd.rn-realmedia',
  'application/x-mpegurl',
  'application/vnd.apple.mpegurl',
]);

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The media type without parameters, lower-cased; '' when absent. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Null when `type` is acceptable for `kind`, else why not (for the caller's message). */
export function contentTypeProblem(kind: ContentKind, type: string): string | null {
  if (kind === 'any') return null;
  if (kind === 'html') {
    return type === '' || HTML_TYPES.has(type)
      ? null
      : `it serves "${type}", not a web page (text/html)`;
  }
  if (type === '' || type.startsWith('audio/') || type.startsWith('video/')) return null;
  if (MEDIA_TYPES.has(type)) return null;
  if (HTML_TYPES.has(type))
    return 'it serves a web page (text/html), not a media file; extract media from pages with POST /video/download';
  return `it serves "${type}", not audio or video`;
}
