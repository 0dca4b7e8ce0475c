/**
 * The items of <dataDir>/music that have note-level ground truth, for the MIDI eval and bench:
 * which audio to transcribe, which note list is the truth, what kind of material it is, and how
 * far the truth reaches (notes after that are not scored). See ../shared/data/music/SOURCES.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScoredNote } from '../../engine/src/features/music/midi/note-matching.ts';

export interface MidiEvalItem {
  name: string;
  kind: 'piano render' | 'real piano' | 'instrument render' | 'singing';
  audio: string;
  /** Scored up to this many seconds (the truth's extent). */
  seconds: number;
  truth: () => ScoredNote[];
}

function csvNotes(file: string): () => ScoredNote[] {
  return () =>
    fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((cells) => cells[6] !== '1') // drum hits have no pitch to transcribe
      .map((cells) => ({ onset: Number(cells[0]), pitch: Number(cells[2]) }));
}

/** vocadito: onset (s), f0 (Hz), duration (s) per line; the pitch is the nearest semitone. */
function vocaditoNotes(file: string): () => ScoredNote[] {
  return () =>
    fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(',').map(Number))
      .map(([onset, hz]) => ({ onset: onset!, pitch: Math.round(69 + 12 * Math.log2(hz! / 440)) }));
}

export function midiEvalItems(dataDir: string): MidiEvalItem[] {
  const music = path.join(dataDir, 'music');
  const items: MidiEvalItem[] = [];
  for (const piece of ['bach_846', 'claire_de_lune']) {
    items.push({
      name: `piano_midi_de/${piece}`,
      kind: 'piano render',
      audio: path.join(music, `piano_midi_de/${piece}.excerpt60.flac`),
      seconds: 60,
      truth: csvNotes(path.join(music, `piano_midi_de/${piece}.excerpt60.notes.csv`)),
    });
  }
  items.push({
    name: 'maestro_excerpt (first 2 s)',
    kind: 'real piano',
    audio: path.join(
      music,
      'maestro_excerpt/2018/MIDI-Unprocessed_Chamber3_MID--AUDIO_10_R3_2018_wav--1.wav',
    ),
    seconds: 2,
    truth: csvNotes(path.join(music, 'maestro_excerpt/2018/first2s.notes.csv')),
  });
  const slakh = path.join(music, 'slakh_track00001');
  const stems = fs.existsSync(path.join(slakh, 'audio_excerpt_90-121s/stems'))
    ? fs
        .readdirSync(path.join(slakh, 'audio_excerpt_90-121s/stems'))
        .filter((f) => f.endsWith('.flac'))
    : [];
  for (const file of stems.sort()) {
    const id = file.replace('.flac', '');
    if (id === 'S01') continue; // the drum kit
    items.push({
      name: `slakh_track00001/${id}`,
      kind: 'instrument render',
      audio: path.join(slakh, 'audio_excerpt_90-121s/stems', file),
      seconds: 30,
      truth: csvNotes(path.join(slakh, `midi_excerpt_90-120s/${id}.notes.csv`)),
    });
  }
  items.push({
    name: 'vocadito_1 (annotator A1)',
    kind: 'singing',
    audio: path.join(music, 'vocadito/Audio/vocadito_1.wav'),
    seconds: Infinity,
    truth: vocaditoNotes(path.join(music, 'vocadito/Annotations/Notes/vocadito_1_notesA1.csv')),
  });
  return items.filter((item) => fs.existsSync(item.audio));
}
