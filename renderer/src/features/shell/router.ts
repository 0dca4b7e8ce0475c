/** Hash routing (`#/jobs`): works from file:// in Electron and needs no server rewrites. */
import { useSyncExternalStore } from 'react';
import { DEFAULT_PATH } from './routes.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** "#/jobs?x=1" → "/jobs"; an empty hash → the default area. */
export function pathFromHash(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (path === '' || path === '/') return DEFAULT_PATH;
  return path.startsWith('/') ? path.replace(/\/+$/, '') : `/${path}`;
}

export function useHashPath(): string {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return pathFromHash(hash);
}

export function hrefFor(path: string): string {
  return `#${path}`;
}
