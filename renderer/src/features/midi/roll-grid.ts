/**
 * The piano roll's bar grid and zoom steps (no DOM: unit tested). Bars come from the file's
 * tempo and time signature; a file without a tempo is drawn at 120 BPM (the MIDI default).
 */
export interface GridLine {
  /** Seconds from the start. */
  time: number;
  /** 1-based bar number. */
  bar: number;
  /** A bar line (true) or a beat line within the bar. */
  downbeat: boolean;
}

export const DEFAULT_BPM = 120;

export function gridLines(duration: number, bpm: number | null, beatsPerBar: number): GridLine[] {
  const beat = 60 / (bpm !== null && bpm > 0 ? bpm : DEFAULT_BPM);
  const perBar = Math.max(1, Math.round(beatsPerBar));
  const lines: GridLine[] = [];
  for (let i = 0; i * beat <= duration + 1e-9; i++) {
    lines.push({ time: i * beat, bar: Math.floor(i / perBar) + 1, downbeat: i % perBar === 0 });
  }
  return lines;
}

/** Pixels per second the zoom buttons step through. */
export const ZOOM_STEPS = [15, 30, 60, 120, 240, 480] as const;
export const DEFAULT_ZOOM = 60;

export function zoomStep(current: number, direction: 1 | -1): number {
  const index = ZOOM_STEPS.findIndex((step) => step >= current);
  const at = index === -1 ? ZOOM_STEPS.length - 1 : index;
  return ZOOM_STEPS[Math.max(0, Math.min(ZOOM_STEPS.length - 1, at + direction))]!;
}

/** Where a playhead sits after the view jumps to follow it: a quarter of the way in. */
const FOLLOW_AT = 0.25;
/** How near the right edge (as a share of the view) the playhead may come before the jump. */
const FOLLOW_MARGIN = 0.1;

/**
 * The scroll position that keeps a playhead at `x` (pixels into the roll) in view: unchanged
 * while it is comfortably inside the view, else the view jumps so the playhead sits a quarter of
 * the way in (as a DAW pages along a playing track). Never negative.
 */
export function followScroll(scrollLeft: number, viewWidth: number, x: number): number {
  const inView = x >= scrollLeft && x <= scrollLeft + viewWidth * (1 - FOLLOW_MARGIN);
  if (inView) return scrollLeft;
  return Math.max(0, Math.round(x - viewWidth * FOLLOW_AT));
}
