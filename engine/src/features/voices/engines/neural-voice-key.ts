/**
 * The `engineVoice` key of a neural voice: `<engine>:<voice>#<speaker>`, e.g.
 * `piper:en_US-lessac-medium#0` or `kokoro:af_heart`. The catalog turns it into a stable
 * integer id (voices/standard-voices.ts), so it must never change for an installed voice:
 * `<voice>` is the upstream voice name, `#<speaker>` the speaker id inside a multi-speaker
 * model (Piper; always present for Piper, `#0` for single-speaker voices).
 */
import { AppError } from '../../../errors.ts';

export type NeuralEngineName = 'piper' | 'kokoro';

export interface NeuralVoiceKey {
  engine: NeuralEngineName;
  voice: string;
  speaker: number;
}

export function formatVoiceKey(key: NeuralVoiceKey): string {
  return key.engine === 'piper'
    ? `piper:${key.voice}#${key.speaker}`
    : `${key.engine}:${key.voice}`;
}

export function parseVoiceKey(text: string, engine: NeuralEngineName): NeuralVoiceKey {
  const match = /^(?:([a-z]+):)?([^#]+?)(?:#(\d+))?$/.exec(text.trim());
  if (match === null || (match[1] !== undefined && match[1] !== engine)) {
    throw new AppError('voice_not_found', `"${text}" is not a ${engine} voice`, {
      details: { voice: text, engine },
    });
  }
  return { engine, voice: match[2] ?? '', speaker: match[3] === undefined ? 0 : Number(match[3]) };
}
