/**
 * Stems and job states as a musician says them: "Instrumental (no vocals)", not "no_vocals";
 * "Stems ready", not "COMPLETED". The ids stay on the wire and in test ids.
 */
const STEM_LABELS: Record<string, string> = {
  vocals: 'Vocals',
  no_vocals: 'Instrumental (no vocals)',
  backing_track: 'Backing track',
  drums: 'Drums',
  bass: 'Bass',
  other: 'Everything else',
  piano: 'Piano',
  guitar: 'Guitar',
  no_drums: 'Everything but drums',
  no_bass: 'Everything but bass',
  no_other: 'Vocals, drums and bass',
  kick: 'Kick',
  snare: 'Snare',
  hihat: 'Hi-hat',
  sub_bass: 'Sub bass',
  bass_upper: 'Upper bass',
  vocals_center: 'Lead vocal (centre)',
  vocals_sides: 'Backing vocals (sides)',
};

/** "no_vocals" → "Instrumental (no vocals)"; unknown ids: "lead_guitar" → "Lead guitar". */
export function stemLabel(stem: string): string {
  const known = STEM_LABELS[stem];
  if (known) return known;
  const words = stem.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_WORDS: Record<string, string> = {
  PENDING: 'Waiting to start',
  PROCESSING: 'Separating…',
  COMPLETED: 'Stems ready',
  FAILED: 'Separation failed',
  CANCELLED: 'Cancelled',
};

export function stemStatusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

const MODE_WORDS: Record<string, string> = {
  single: 'One instrument and everything else',
  two: 'Vocals and instrumental (2 stems)',
  four: 'Vocals, drums, bass, other (4 stems)',
  six: 'Vocals, drums, bass, guitar, piano, other (6 stems)',
  producer: 'Producer: drum kit pieces (up to 8 stems)',
  studio: 'Studio: drum kit and split bass (up to 12 stems)',
  mastering: 'Mastering: kit, split bass, lead and backing vocals (up to 16)',
  catalog: 'Pick one instrument from the full list, or remove one from the mix',
};

export function stemModeWords(mode: string): string {
  return MODE_WORDS[mode] ?? mode;
}
