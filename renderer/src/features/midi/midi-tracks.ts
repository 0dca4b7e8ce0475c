/**
 * Reads a transcription's merged .mid back into what the piano roll and the player need: per
 * track its name, notes (seconds, MIDI pitch, velocity) and the pitch range, with @tonejs/midi.
 * No React and no DOM, so it is unit-tested with files the engine's writer produced.
 */
import { Midi } from '@tonejs/midi';

export interface RollNote {
  pitch: number;
  time: number;
  duration: number;
  velocity: number;
}

export interface RollTrack {
  name: string;
  program: number;
  notes: RollNote[];
}

export interface Roll {
  tracks: RollTrack[];
  duration: number;
  lowest: number;
  highest: number;
  tempoBpm: number | null;
  /** The file's first time signature's beats per bar (4 when it has none). */
  beatsPerBar: number;
}

export function readRoll(bytes: ArrayBuffer | Uint8Array): Roll {
  const midi = new Midi(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const tracks = midi.tracks.map((track) => ({
    name: track.name || `Track ${track.channel + 1}`,
    program: track.instrument.number,
    notes: track.notes.map((n) => ({
      pitch: n.midi,
      time: n.time,
      duration: n.duration,
      velocity: n.velocity,
    })),
  }));
  const all = tracks.flatMap((t) => t.notes);
  const lowest = all.length > 0 ? Math.min(...all.map((n) => n.pitch)) : 48;
  const highest = all.length > 0 ? Math.max(...all.map((n) => n.pitch)) : 72;
  return {
    tracks,
    duration: Math.max(midi.duration, ...all.map((n) => n.time + n.duration), 0),
    lowest,
    highest,
    tempoBpm: midi.header.tempos[0]?.bpm ?? null,
    beatsPerBar: midi.header.timeSignatures[0]?.timeSignature[0] ?? 4,
  };
}

/** A distinct colour per track, stable by index. */
export const TRACK_COLOURS = ['#4f6bed', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0c8599'];

export function trackColour(index: number): string {
  return TRACK_COLOURS[index % TRACK_COLOURS.length]!;
}
