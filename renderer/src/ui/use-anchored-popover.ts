/**
 * Places a popover under (or, without room, above) its anchor with fixed positioning, so a menu
 * inside a scrolling table or a dialog is never clipped by its container. Follows scrolling and
 * resizing while open.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface PopoverPlace {
  left: number;
  top?: number;
  bottom?: number;
  minWidth: number;
  maxHeight: number;
}

const GAP = 4;
const MAX_HEIGHT = 320;

export function placeUnder(
  anchor: DOMRect,
  viewport: { width: number; height: number },
): PopoverPlace {
  const below = viewport.height - anchor.bottom - GAP * 2;
  const above = anchor.top - GAP * 2;
  const left = Math.max(GAP, Math.min(anchor.left, viewport.width - anchor.width - GAP));
  if (below >= Math.min(MAX_HEIGHT, 200) || below >= above) {
    return {
      left,
      top: anchor.bottom + GAP,
      minWidth: anchor.width,
      maxHeight: Math.min(MAX_HEIGHT, below),
    };
  }
  return {
    left,
    bottom: viewport.height - anchor.top + GAP,
    minWidth: anchor.width,
    maxHeight: Math.min(MAX_HEIGHT, above),
  };
}

export function useAnchoredPopover(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
): PopoverPlace | null {
  const [place, setPlace] = useState<PopoverPlace | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (rect)
        setPlace(placeUnder(rect, { width: window.innerWidth, height: window.innerHeight }));
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, anchor]);
  return open ? place : null;
}
