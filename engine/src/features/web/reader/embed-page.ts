/**
 * The reader's embeddable player (`embed_url`, docs/api/reader.md, "Embedding"): a tiny HTML
 * page with the Tapehouse mark, the title, an <audio> element, the length and, unless turned
 * off, a "Narrated with Tapehouse" line; light or dark with the visitor's system. No script at
 * all, so its Content-Security-Policy can forbid every script; the icon is inline (a data: URL),
 * so the page asks the engine for no /favicon.ico.
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

/**
 * "0:28", "1:02:09": whole seconds floored, as the player beside it counts them (the studio's
 * formatClock does the same), so the caption never says 0:29 next to a player at 0:28.
 */
export function clock(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** The Tapehouse mark, inline: the page's icon (no /favicon.ico request) and its logo. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="8" width="28" height="16" rx="4" fill="none" stroke="#e3a857" stroke-width="2.5"/><circle cx="11" cy="16" r="3.5" fill="none" stroke="#e3a857" stroke-width="2.5"/><circle cx="21" cy="16" r="3.5" fill="none" stroke="#e3a857" stroke-width="2.5"/></svg>';
const MARK_URL = `data:image/svg+xml,${encodeURIComponent(MARK_SVG)}`;

const STYLE = `:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#1d232b;--muted:#5b6673;--line:#e2e5ea}
@media (prefers-color-scheme:dark){:root{--bg:#0e1014;--card:#171a20;--text:#e4e7ec;--muted:#9aa3b0;--line:#262b34}}
*{box-sizing:border-box}
body{margin:0;padding:8px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}
main{display:grid;gap:10px;max-width:640px;margin:0 auto;padding:14px 16px;border:1px solid var(--line);border-radius:10px;background:var(--card)}
header{display:flex;align-items:center;gap:10px;min-width:0}
header img{width:28px;height:28px;flex:none}
h1{font-size:15px;font-weight:600;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
audio{width:100%;height:40px}
p{margin:0;font-size:12px;color:var(--muted);font-variant-numeric:tabular-nums}`;

export function embedPage(view: PublicReader): string {
  const player =
    view.status === 'completed' && view.audio_url
      ? `<audio controls preload="metadata" src="${escape(view.audio_url)}"></audio>`
      : `<p>${view.status === 'failed' ? 'This narration failed.' : 'The narration is being made; reload in a moment.'}</p>`;
  const length = clock(view.audio_duration_seconds);
  const meta = [length, view.show_branding ? 'Narrated with Tapehouse' : ''].filter(Boolean);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" type="image/svg+xml" href="${MARK_URL}">
<title>${escape(view.title)}</title><style>${STYLE}</style></head>
<body><main>
<header><img src="${MARK_URL}" alt=""><h1 title="${escape(view.title)}">${escape(view.title)}</h1></header>
${player}
${meta.length > 0 ? `<p>${meta.join(' · ')}</p>` : ''}
</main></body></html>
`;
}

/** The snippet a site owner pastes: an iframe of the embed page. */
export function embedHtml(embedUrl: string, title: string): string {
  return `<iframe src="${escape(embedUrl)}" title="${escape(`Listen: ${title}`)}" width="100%" height="132" style="border:0;max-width:640px" loading="lazy" allow="autoplay"></iframe>`;
}
