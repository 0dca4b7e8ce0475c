/**
 * Wire types of document 3's "Audio to MIDI" routes, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf, Schemas } from '../../api/contract.ts';

export type MidiJob = ResponseOf<'get', '/midi/status/{midi_job_id}'>;
/** The `options` field of POST /midi/convert (sent as JSON inside the multipart form). */
export type MidiOptions = Partial<Schemas['midiOptionsSchema']>;

export function isFinished(job: MidiJob): boolean {
  return job.status === 'COMPLETED' || job.status === 'FAILED';
}
