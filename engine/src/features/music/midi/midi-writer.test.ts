// The .mid files: tempo, names, programs, notes and pitch bends survive a round trip.
import MidiPackage from '@tonejs/midi';
import { describe, expect, it } from 'vitest';
import { bendUnits, writeMidi } from './midi-writer.ts';

const { Midi } = MidiPackage;

describe('writeMidi', () => {
  it('writes one named track per stem with its program, the tempo and the notes', () => {
    const bytes = writeMidi(
      [
        {
          track: 'piano',
          notes: [
            { pitch: 60, startSeconds: 0.5, durationSeconds: 1, amplitude: 0.5, bends: null },
          ],
        },
        {
          track: 'bass',
          notes: [{ pitch: 36, startSeconds: 1, durationSeconds: 0.5, amplitude: 1, bends: null }],
        },
      ],
      90,
      'song',
    );
    const midi = new Midi(bytes);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(90, 3);
    expect(midi.tracks.map((t) => t.name)).toEqual(['Piano', 'Bass']);
    expect(midi.tracks.map((t) => t.instrument.number)).toEqual([0, 33]);
    const note = midi.tracks[0]!.notes[0]!;
    expect(note.midi).toBe(60);
    expect(note.time).toBeCloseTo(0.5, 2);
    expect(note.duration).toBeCloseTo(1, 2);
    expect(note.velocity).toBeCloseTo(0.5, 1);
    expect(midi.tracks[1]!.channel).not.toBe(9);
  });

  it('writes bends as changes only and recentres the wheel after the note', () => {
    const bytes = writeMidi(
      [
        {
          track: 'vocals',
          notes: [
            {
              pitch: 67,
              startSeconds: 0,
              durationSeconds: 1,
              amplitude: 0.8,
              bends: [0, 0, 3, 3, -3],
            },
          ],
        },
      ],
      120,
      'v',
    );
    const bends = new Midi(bytes).tracks[0]!.pitchBends;
    // Read back in @tonejs/midi's scale (raw / 8192): +1 semitone = 4096 → 0.5.
    expect(bends.map((b) => Math.round(b.value * 100) / 100)).toEqual([0.5, -0.5, 0]);
    expect(bends[0]!.time).toBeCloseTo(0.4, 2);
    expect(bends[2]!.time).toBeCloseTo(1, 2);
  });

  it('clamps bends to the 14-bit range', () => {
    expect(bendUnits(3)).toBe(4096);
    expect(bendUnits(30)).toBe(8191);
    expect(bendUnits(-30)).toBe(-8192);
  });
});
