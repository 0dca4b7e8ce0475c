/**
 * What a model pack lets a user do. The Models page groups packs by it, the first-run setup
 * recommends by it, and the capability status (docs/api/models.md, "Capabilities") answers per
 * capability whether it is ready. A manifest states its capability; older manifests (and packs
 * tests generate) fall back on their task.
 */
export const CAPABILITIES = [
  'transcription',
  'diarization',
  'natural-voices',
  'voice-cloning',
  'voice-conversion',
  'stems',
  'midi',
  'noise-reduction',
  'translation',
  'music',
  'language-model',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/** The capability a pack of this task (and tts engine) serves when its manifest does not say. */
export function capabilityOfTask(task: string, engine?: string): Capability {
  switch (task) {
    case 'asr':
    case 'vad':
      return 'transcription';
    case 'speaker-embedding':
      return 'diarization';
    case 'tts':
      return engine === 'zipvoice' || engine === 'pocket' ? 'voice-cloning' : 'natural-voices';
    case 'quality':
      return 'voice-cloning';
    case 'voice-conversion':
      return 'voice-conversion';
    case 'stems':
      return 'stems';
    case 'midi':
      return 'midi';
    case 'denoise':
      return 'noise-reduction';
    case 'translation':
      return 'translation';
    case 'llm':
      return 'language-model';
    default:
      return 'music';
  }
}
