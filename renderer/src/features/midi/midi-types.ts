/**
 * Wire types of document 3's "Audio to MIDI" routes as the engine answers them, inferred from
 * the engine's zod schemas (engine/src/features/music/midi/midi-schema.ts; type-only imports).
 */
import type { z } from 'zod';
import type {
  midiJobSchema,
  midiOptionsSchema,
} from '../../../../engine/src/features/music/midi/midi-schema.ts';

export type MidiJob = z.output<typeof midiJobSchema>;
export type MidiOptions = z.input<typeof midiOptionsSchema>;

export function isFinished(job: MidiJob): boolean {
  return job.status === 'COMPLETED' || job.status === 'FAILED';
}
