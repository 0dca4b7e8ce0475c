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
