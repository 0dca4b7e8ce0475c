/**
 * Whether the sidebar is a full column or a rail of icons. Below 1200 px wide it starts as the
 * rail (at 1024 × 700 the full column left too little room for tables); opening it there lays it
 * over the page as a drawer instead of squeezing the page. The person's own choice is kept per
 * window size class, so widening the window does not undo what they chose for narrow ones.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 1199px)';
const KEY = 'tapehouse.sidebar';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function readChoice(narrow: boolean): boolean | null {
  try {
    const saved = localStorage.getItem(`${KEY}.${narrow ? 'narrow' : 'wide'}`);
    return saved === null ? null : saved === 'collapsed';
  } catch {
    return null;
  }
}

export interface SidebarState {
  collapsed: boolean;
  /** The window is narrow: an open sidebar is a drawer over the page. */
  narrow: boolean;
  toggle: () => void;
  /** Closes the drawer (after a navigation, on Escape) when narrow. */
  closeDrawer: () => void;
}

export function useSidebar(): SidebarState {
  const narrow = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
  const [choice, setChoice] = useState<boolean | null>(() => readChoice(narrow));
  useEffect(() => setChoice(readChoice(narrow)), [narrow]);
  const collapsed = choice ?? narrow;

  const remember = useCallback(
    (next: boolean) => {
      setChoice(next);
      try {
        localStorage.setItem(`${KEY}.${narrow ? 'narrow' : 'wide'}`, next ? 'collapsed' : 'open');
      } catch {
        // Storage refused (private window): the choice holds for this page only.
      }
    },
    [narrow],
  );
  const toggle = useCallback(() => remember(!collapsed), [remember, collapsed]);
  const closeDrawer = useCallback(() => {
    if (narrow && !collapsed) remember(true);
  }, [narrow, collapsed, remember]);
  return { collapsed, narrow, toggle, closeDrawer };
}
