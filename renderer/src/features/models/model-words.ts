/** What each pack task is called on the Models page, in the order the groups appear. */
export const TASK_LABELS: Record<string, string> = {
  stems: 'Stem separation',
  midi: 'Audio to MIDI',
  denoise: 'Noise reduction',
  tts: 'Voices (text to speech)',
  asr: 'Transcription',
  vad: 'Speech detection',
  quality: 'Quality scoring',
  translation: 'Translation',
  'voice-conversion': 'Voice conversion',
  'speaker-embedding': 'Speaker recognition',
  music: 'Music',
};

export function taskLabel(task: string): string {
  return TASK_LABELS[task] ?? task;
}

/** Groups in TASK_LABELS order, unknown tasks last. */
export function taskOrder(task: string): number {
  const index = Object.keys(TASK_LABELS).indexOf(task);
  return index === -1 ? 99 : index;
}
