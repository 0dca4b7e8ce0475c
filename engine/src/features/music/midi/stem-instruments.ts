/**
 * Which stems the MIDI feature transcribes, and how each one sounds when its .mid is opened:
 * a General MIDI program and a track name per stem. drums and other are accepted in requests
 * but never transcribed (Basic Pitch is a pitched-note model; "other" has no instrument to
 * write); guitar is opt-in and experimental, as the contract says.
 */

export const TRANSCRIBABLE_STEMS = ['bass', 'vocals', 'piano', 'guitar'] as const;
export const SKIPPED_STEMS = ['drums', 'other'] as const;
export const ACCEPTED_STEMS = [...TRANSCRIBABLE_STEMS, ...SKIPPED_STEMS] as const;
export const DEFAULT_STEMS = ['bass', 'vocals', 'piano'] as const;

export type TranscribableStem = (typeof TRANSCRIBABLE_STEMS)[number];
export type AcceptedStem = (typeof ACCEPTED_STEMS)[number];
/** The one track of a `split: false` job when more than one stem (or none) was asked for. */
export const WHOLE_MIX_TRACK = 'mix';

export interface TrackInstrument {
  name: string;
  /** General MIDI program, 0-based. */
  program: number;
}

const INSTRUMENTS: Record<TranscribableStem | typeof WHOLE_MIX_TRACK, TrackInstrument> = {
  piano: { name: 'Piano', program: 0 }, // Acoustic Grand Piano
  bass: { name: 'Bass', program: 33 }, // Electric Bass (finger)
  vocals: { name: 'Vocals', program: 52 }, // Choir Aahs: a sung line, not a percussive lead
  guitar: { name: 'Guitar', program: 25 }, // Acoustic Guitar (steel)
  mix: { name: 'Mix', program: 0 },
};

export function instrumentFor(track: string): TrackInstrument {
  return INSTRUMENTS[track as TranscribableStem] ?? { name: track, program: 0 };
}

export function isTranscribable(stem: string): stem is TranscribableStem {
  return (TRANSCRIBABLE_STEMS as readonly string[]).includes(stem);
}
