/**
 * TAPEHOUSE_MODEL_MIRROR (docs/api/models.md, "Mirror and disk"): a studio behind a firewall,
 * and the tests, serve every model download from one base URL. `https://<host>/<path>?<query>`
 * is fetched as `<mirror>/<host>/<path>?<query>`, the Hub's listings included, so a mirror is a
 * plain folder tree of the hosts it copies. Digests are checked the same way whatever serves the
 * bytes; a Hub-verified file is only as trustworthy as the listing the mirror serves, and its
 * install record says where that listing came from.
 */
export function viaMirror(url: string, mirror: string | null): string {
  if (mirror === null) return url;
  const parsed = new URL(url);
  return `${mirror}/${parsed.host}${parsed.pathname}${parsed.search}`;
}
