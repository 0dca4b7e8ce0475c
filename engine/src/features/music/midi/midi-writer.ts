/**
 * Writes transcribed notes as Standard MIDI Files with @tonejs/midi: one file per stem and a
 * merged multitrack file, each with the tempo (so a DAW's grid lines up), track names, General
 * MIDI programs and pitch bends. Bends are written as the published code does (±2 semitone
 * wheel range, 4096 per semitone), thinned to changes only and reset to centre after each note
 * so a bend never leaks into the next note.
 */
import MidiPackage from '@tonejs/midi';
import { CONTOUR_BINS_PER_SEMITONE } from './basic-pitch-constants.ts';
import { instrumentFor } from './stem-instruments.ts';
import type { TranscribedNote } from './transcribe-task.ts';

const { Midi } = MidiPackage;
type MidiFile = InstanceType<typeof Midi>;

/** Raw 14-bit wheel units per semitone at the General MIDI default range of ±2 semitones. */
const BEND_UNITS_PER_SEMITONE = 4096;

export interface MidiTrackInput {
  /** Stem name (`bass`, `piano`, …) or `mix`. */
  track: string;
  notes: readonly TranscribedNote[];
}

export function bendUnits(bins: number): number {
  const units = Math.round((bins * BEND_UNITS_PER_SEMITONE) / CONTOUR_BINS_PER_SEMITONE);
  return Math.max(-8192, Math.min(8191, units));
}

function addTrack(midi: MidiFile, input: MidiTrackInput, channel: number): void {
  const track = midi.addTrack();
  const instrument = instrumentFor(input.track);
  track.name = instrument.name;
  track.channel = channel;
  track.instrument.number = instrument.program;
  for (const note of input.notes) {
    track.addNote({
      midi: note.pitch,
      time: note.startSeconds,
      duration: Math.max(note.durationSeconds, 0.001),
      velocity: Math.max(1 / 127, Math.min(1, note.amplitude)),
    });
    if (!note.bends || note.bends.length === 0) continue;
    let last = 0;
    note.bends.forEach((bins, i) => {
      const value = bendUnits(bins);
      if (value === last) return;
      last = value;
      const time = note.startSeconds + (i * note.durationSeconds) / note.bends!.length;
      // @tonejs/midi writes `value` as the raw signed 14-bit amount (its reader scales by 2^13).
      track.addPitchBend({ time, value });
    });
    if (last !== 0)
      track.addPitchBend({ time: note.startSeconds + note.durationSeconds, value: 0 });
  }
}

function newMidi(tempoBpm: number, name: string): MidiFile {
  const midi = new Midi();
  midi.header.setTempo(tempoBpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] });
  midi.header.name = name;
  return midi;
}

/** Channel per track index, skipping channel 10 (index 9), which General MIDI keeps for drums. */
function channelOf(index: number): number {
  const channel = index % 15;
  return channel >= 9 ? channel + 1 : channel;
}

export function writeMidi(
  tracks: readonly MidiTrackInput[],
  tempoBpm: number,
  name: string,
): Buffer {
  const midi = newMidi(tempoBpm, name);
  tracks.forEach((track, i) => addTrack(midi, track, channelOf(i)));
  return Buffer.from(midi.toArray());
}
