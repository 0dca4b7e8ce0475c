/**
 * Reader jobs as the contract shows them ("Reader job", "Public view"), with freshly signed
 * audio URLs on every read, the embed page URL and the iframe snippet.
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { WebContext } from '../web-deps.ts';
import { signedFileUrl } from '../media/media-views.ts';
import { countWords } from './article-extract.ts';
import { embedHtml } from './embed-page.ts';
import type { ReaderInput, ReaderResult } from './reader-job.ts';
import { narrationParts } from './reader-narrate.ts';
import type { PublicReader, ReaderJob } from './reader-schemas.ts';

/** Audio links in public views and callbacks last a day; reading the view again mints new ones. */
export const PUBLIC_AUDIO_TTL_SECONDS = 24 * 3600;

function status(row: JobRow): ReaderJob['status'] {
  if (row.status === 'completed') return 'completed';
  return row.status === 'failed' || row.status === 'cancelled' ? 'failed' : 'processing';
}

/** The public view's URL: named by the job's random public id, never its integer id. */
export function publicUrl(origin: string, publicId: string): string {
  return `${origin}/api/v1/reader/public/${publicId}`;
}

export function embedUrl(origin: string, publicId: string): string {
  return `${publicUrl(origin, publicId)}/embed`;
}

function audioUrl(deps: WebContext, row: JobRow, origin: string): string | null {
  const result = row.status === 'completed' ? (row.result as ReaderResult | null) : null;
  return result?.audio_file_key
    ? signedFileUrl(deps, row.ownerId, result.audio_file_key, origin, PUBLIC_AUDIO_TTL_SECONDS)
    : null;
}

export function readerJobView(deps: WebContext, row: JobRow, origin: string): ReaderJob {
  const input = row.input as ReaderInput;
  const result = row.status === 'completed' ? (row.result as ReaderResult | null) : null;
  const publicId = deps.publicLinks.idFor(row.id);
  const embed = embedUrl(origin, publicId);
  return {
    id: row.id,
    public_id: publicId,
    public_url: publicUrl(origin, publicId),
    status: status(row),
    progress: Math.round(row.progress * 10) / 10,
    title: input.title,
    word_count:
      result?.word_count ?? narrationParts(input).reduce((sum, p) => sum + countWords(p), 0),
    audio_url: audioUrl(deps, row, origin),
    embed_url: embed,
    embed_html: embedHtml(embed, input.title),
    audio_duration_seconds: result?.audio_duration_seconds ?? null,
    created_at: row.createdAt,
    completed_at: row.status === 'completed' ? row.finishedAt : null,
    byline: input.byline,
    source_url: input.source_url,
    voice: input.voice_name,
    is_premium: input.is_premium,
    show_branding: input.show_branding,
    credits_reserved: row.creditsReserved,
    error_message: row.errorMessage,
    webhook_url: input.webhook_url,
  };
}

/**
 * Only what a stranger may see: title, audio, duration (and the branding switch); its `id` is
 * the public id the view was reached by.
 */
export function publicReaderView(deps: WebContext, row: JobRow, origin: string): PublicReader {
  const input = row.input as ReaderInput;
  const result = row.status === 'completed' ? (row.result as ReaderResult | null) : null;
  return {
    id: deps.publicLinks.idFor(row.id),
    status: status(row),
    title: input.title,
    audio_url: audioUrl(deps, row, origin),
    audio_duration_seconds: result?.audio_duration_seconds ?? null,
    show_branding: input.show_branding,
  };
}

/** The callback body's fields after event_type/event_id/created_at. */
export function callbackPayload(deps: WebContext, row: JobRow): Record<string, unknown> {
  const input = row.input as ReaderInput;
  const view = publicReaderView(deps, row, input.origin);
  const result = row.status === 'completed' ? (row.result as ReaderResult | null) : null;
  return {
    job_id: row.id,
    job_type: 'reader',
    status: row.status,
    title: view.title,
    audio_url: view.audio_url,
    public_id: view.id,
    embed_url: embedUrl(input.origin, view.id),
    audio_duration_seconds: view.audio_duration_seconds,
    word_count: result?.word_count ?? null,
    ...(row.status === 'failed' && {
      error_message: row.errorMessage,
      failure_reason: row.failureReason,
    }),
  };
}
