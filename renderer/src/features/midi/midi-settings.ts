/** What the Audio to MIDI form offers: the stems, the note presets and the stage names. */

export const STEMS: { id: string; label: string; note?: string }[] = [
  { id: 'piano', label: 'Piano' },
  { id: 'bass', label: 'Bass' },
  { id: 'vocals', label: 'Vocals' },
  { id: 'guitar', label: 'Guitar', note: 'experimental' },
  { id: 'drums', label: 'Drums', note: 'never transcribed' },
  { id: 'other', label: 'Other', note: 'never transcribed' },
];

export const DEFAULT_STEMS = ['piano', 'bass', 'vocals'];

export const PRESETS = {
  published: { label: 'Basic Pitch defaults', onset: 0.5, frame: 0.3, melodia: true },
  piano: { label: 'Clean piano (fewer ghost notes)', onset: 0.6, frame: 0.3, melodia: false },
} as const;
export type Preset = keyof typeof PRESETS;

export const STAGE_LABEL: Record<string, string> = {
  split: 'Separating stems',
  transcribe: 'Transcribing notes',
  merge: 'Writing MIDI files',
};

/** The stages the MIDI job reports (its status route names only these). */
export function midiStage(stage: string | null): 'split' | 'transcribe' | 'merge' | null {
  return stage === 'split' || stage === 'transcribe' || stage === 'merge' ? stage : null;
}

/** A stem id as a player says it ("piano" → "Piano"); unknown ids are capitalised. */
export function stemName(id: string): string {
  const known = STEMS.find((stem) => stem.id === id);
  return known ? known.label : id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' ');
}

/** A transcription job's state in words; the wire value stays in data-status. */
export const STATUS_WORDS: Record<string, string> = {
  PENDING: 'Waiting to start',
  PROCESSING: 'Transcribing…',
  COMPLETED: 'MIDI ready',
  FAILED: 'Transcription failed',
  CANCELLED: 'Cancelled',
};

/** The instruments a solo recording can be: its one track is named and voiced after it. */
export const SOLO_INSTRUMENTS = STEMS.filter((stem) => stem.id !== 'drums' && stem.id !== 'other');

/**
 * The tempo line of a finished transcription. A detected tempo is a whole number (the estimate
 * is not precise to a tenth, and rubato music has no single tempo) and says it was detected; a
 * fast one also offers the half reading, because the estimate follows the steadiest pulse,
 * which in slow music with running notes is the eighth, not the written beat (measured on the
 * piano renders in TAPEHOUSE_DATA_DIR: Clair de Lune 152.7 for a written ♩ ≈ 70, Bach's C major
 * prelude 150.9 for ♩ ≈ 75; docs/api/midi.md).
 */
export function tempoLine(bpm: number | null, source: string | null): string {
  if (bpm === null || source === 'default')
    return 'Tempo 120 BPM (no steady beat found; the MIDI default)';
  if (source === 'override') return `Tempo ${Math.round(bpm)} BPM, as you set it`;
  const whole = Math.round(bpm);
  const half =
    whole >= 100 ? `; if the piece is slow, the written beat may be ${Math.round(bpm / 2)}` : '';
  return `Tempo about ${whole} BPM, detected from the audio${half}`;
}
