/**
 * The reader's embeddable player (`embed_url`, docs/api/reader.md, "Embedding"): a tiny HTML
 * page with the title, an <audio> element and, unless turned off, a "Narrated with Tapehouse"
 * line. No script at all, so its Content-Security-Policy can forbid every script.
 *
 * What this page opens, and nothing else does: it may be framed by any site
 * (`frame-ancestors *`, no X-Frame-Options), so `embed_html` works pasted anywhere. Every other
 * answer of the engine keeps its protections: the studio page stays `frame-ancestors 'none'`,
 * no route sends Access-Control-Allow-Origin, and the host/origin guard is unchanged — framing
 * needs none of them (a frame's navigation and its <audio> requests carry no Origin header, and
 * the audio is same-origin with the frame). The page shows only what the public view shows.
 */
import type { PublicReader } from './reader-schemas.ts';

export const EMBED_CSP = [
  "default-src 'none'",
  "media-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  'frame-ancestors *',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const EMBED_HEADERS: Record<string, string> = {
  'Content-Security-Policy': EMBED_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

function escape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function duration(seconds: number | null): string {
  if (seconds === null) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const STYLE = `body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#1d232b;background:#fff}
main{padding:12px 14px;display:grid;gap:8px}
h1{font-size:15px;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
audio{width:100%}p{margin:0;font-size:12px;color:#5b6673}`;

export function embedPage(view: PublicReader): string {
  const player =
    view.status === 'completed' && view.audio_url
      ? `<audio controls preload="metadata" src="${escape(view.audio_url)}"></audio>`
      : `<p>${view.status === 'failed' ? 'This narration failed.' : 'The narration is being made; reload in a moment.'}</p>`;
  const length = duration(view.audio_duration_seconds);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(view.title)}</title><style>${STYLE}</style></head>
<body><main>
<h1 title="${escape(view.title)}">${escape(view.title)}</h1>
${player}
${length || view.show_branding ? `<p>${length ? `${length}` : ''}${length && view.show_branding ? ' · ' : ''}${view.show_branding ? 'Narrated with Tapehouse' : ''}</p>` : ''}
</main></body></html>
`;
}

/** The snippet a site owner pastes: an iframe of the embed page. */
export function embedHtml(embedUrl: string, title: string): string {
  return `<iframe src="${escape(embedUrl)}" title="${escape(`Listen: ${title}`)}" width="100%" height="132" style="border:0;max-width:640px" loading="lazy" allow="autoplay"></iframe>`;
}
