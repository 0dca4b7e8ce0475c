/**
 * The piano roll of a transcription: a canvas with one row per semitone over the notes' range
 * (C rows marked), time across, each track's notes in its own colour (muted tracks faded), and a
 * playhead while playing. The note count drawn is exposed as data-notes for tests and tools.
 */
import { useEffect, useRef } from 'react';
import { trackColour, type Roll } from './midi-tracks.ts';

const ROW = 6;
const PX_PER_SECOND = 60;
const KEYS = 36;

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
  const low = roll.lowest - 2;
  const high = roll.highest + 2;
  const rows = high - low + 1;
  const width = Math.max(400, Math.ceil(roll.duration * PX_PER_SECOND) + KEYS + 10);
  const height = rows * ROW;
  const drawn = roll.tracks.reduce((sum, t) => sum + t.notes.length, 0);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, height);
    for (let pitch = low; pitch <= high; pitch++) {
      const y = (high - pitch) * ROW;
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
    roll.tracks.forEach((track, index) => {
      context.globalAlpha = muted.has(index) ? 0.2 : 0.9;
      context.fillStyle = trackColour(index);
      for (const note of track.notes) {
        const x = KEYS + note.time * PX_PER_SECOND;
        const y = (high - note.pitch) * ROW;
        context.fillRect(x, y + 0.5, Math.max(2, note.duration * PX_PER_SECOND), ROW - 1);
      }
    });
    context.globalAlpha = 1;
    if (playhead !== null) {
      context.fillStyle = '#e03131';
      context.fillRect(KEYS + playhead * PX_PER_SECOND, 0, 2, height);
    }
  }, [roll, muted, playhead, low, high, width, height]);

  return (
    <div className="midi-roll-scroll">
      <canvas
        ref={canvas}
        width={width}
        height={height}
        className="midi-roll"
        data-testid="midi-roll"
        data-notes={drawn}
        role="img"
        aria-label={`Piano roll: ${drawn} notes in ${roll.tracks.length} track(s)`}
      />
    </div>
  );
}
