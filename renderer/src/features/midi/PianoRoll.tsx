/**
 * The piano roll of a transcription: a canvas with one row per semitone over the notes' range
 * (C rows marked), time across, each track's notes in its own colour (muted tracks faded), and a
 * playhead while playing, over a bar grid (bar numbers along the top) from the file's tempo and
 * time signature; zoom in and out in time. While it plays, the view follows the playhead: when
 * the playhead nears the right edge (or is out of view), the roll scrolls so it sits a quarter of
 * the way in (./roll-grid.ts `followScroll`). The note count drawn is exposed as data-notes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { trackColour, type Roll } from './midi-tracks.ts';
import { DEFAULT_ZOOM, followScroll, gridLines, zoomStep, ZOOM_STEPS } from './roll-grid.ts';
import styles from './Midi.module.css';

const ROW = 6;
const KEYS = 36;
/** Room above the notes for the bar numbers. */
const RULER = 12;

export function PianoRoll({
  roll,
  muted,
  playhead,
}: {
  roll: Roll;
  muted: ReadonlySet<number>;
  playhead: number | null;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [pxPerSecond, setZoom] = useState<number>(DEFAULT_ZOOM);
  const grid = useMemo(
    () => gridLines(roll.duration, roll.tempoBpm, roll.beatsPerBar),
    [roll.duration, roll.tempoBpm, roll.beatsPerBar],
  );
  const low = roll.lowest - 2;
  const high = roll.highest + 2;
  const rows = high - low + 1;
  const width = Math.max(400, Math.ceil(roll.duration * pxPerSecond) + KEYS + 10);
  const height = rows * ROW + RULER;
  const drawn = roll.tracks.reduce((sum, t) => sum + t.notes.length, 0);
  const playheadX = playhead === null ? null : KEYS + playhead * pxPerSecond;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, height);
    for (let pitch = low; pitch <= high; pitch++) {
      const y = RULER + (high - pitch) * ROW;
      const black = [1, 3, 6, 8, 10].includes(pitch % 12);
      context.fillStyle = black ? '#181b22' : '#20242c';
      context.fillRect(KEYS, y, width - KEYS, ROW);
      if (pitch % 12 === 0) {
        context.fillStyle = '#3a404c';
        context.fillRect(KEYS, y + ROW - 1, width - KEYS, 1);
        context.fillStyle = '#9aa3b2';
        context.font = '9px sans-serif';
        context.fillText(`C${pitch / 12 - 1}`, 2, y + ROW);
      }
    }
    // Bars and beats under the notes; every bar numbered unless they crowd (then every 4th).
    const labelEvery = pxPerSecond * (60 / (roll.tempoBpm ?? 120)) * roll.beatsPerBar < 24 ? 4 : 1;
    context.font = '9px sans-serif';
    for (const line of grid) {
      const x = KEYS + line.time * pxPerSecond;
      context.fillStyle = line.downbeat ? '#4a5160' : '#2c313b';
      context.fillRect(x, RULER, 1, height - RULER);
      if (line.downbeat && (line.bar - 1) % labelEvery === 0) {
        context.fillStyle = '#9aa3b2';
        context.fillText(String(line.bar), x + 2, RULER - 3);
      }
    }
    roll.tracks.forEach((track, index) => {
      context.globalAlpha = muted.has(index) ? 0.2 : 0.9;
      context.fillStyle = trackColour(index);
      for (const note of track.notes) {
        const x = KEYS + note.time * pxPerSecond;
        const y = RULER + (high - note.pitch) * ROW;
        context.fillRect(x, y + 0.5, Math.max(2, note.duration * pxPerSecond), ROW - 1);
      }
    });
    context.globalAlpha = 1;
    if (playheadX !== null) {
      context.fillStyle = '#e03131';
      context.fillRect(playheadX, 0, 2, height);
    }
  }, [roll, muted, playheadX, low, high, width, height, grid, pxPerSecond]);

  // Keep the playhead in view while playing.
  useEffect(() => {
    const box = scroller.current;
    if (!box || playheadX === null) return;
    const next = followScroll(box.scrollLeft, box.clientWidth, playheadX);
    if (next !== box.scrollLeft) box.scrollLeft = next;
  }, [playheadX]);

  const bars = grid.filter((line) => line.downbeat).length;
  return (
    <>
      <div className={styles.rollTools}>
        <span data-testid="midi-roll-bars">
          {bars} bars · {roll.beatsPerBar}/4 · {Math.round(roll.tempoBpm ?? 120)} BPM
          {roll.tempoBpm === null ? ' (assumed)' : ''}
        </span>
        <Button
          size="sm"
          icon="search"
          onClick={() => setZoom((z) => zoomStep(z, -1))}
          disabled={pxPerSecond <= ZOOM_STEPS[0]}
          testId="midi-zoom-out"
        >
          Zoom out
        </Button>
        <Button
          size="sm"
          icon="plus"
          onClick={() => setZoom((z) => zoomStep(z, 1))}
          disabled={pxPerSecond >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!}
          testId="midi-zoom-in"
        >
          Zoom in
        </Button>
      </div>
      <div
        className={styles.rollScroll}
        ref={scroller}
        role="region"
        aria-label="Piano roll"
        tabIndex={0}
        data-testid="midi-roll-scroll"
      >
        <canvas
          ref={canvas}
          width={width}
          height={height}
          className={styles.roll}
          data-testid="midi-roll"
          data-notes={drawn}
          data-zoom={pxPerSecond}
          data-playhead-x={playheadX === null ? undefined : Math.round(playheadX)}
          role="img"
          aria-label={`Piano roll: ${drawn} notes in ${roll.tracks.length} track(s)`}
        />
      </div>
    </>
  );
}
