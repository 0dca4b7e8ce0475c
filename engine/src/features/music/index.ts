/**
 * Music tools: audio to MIDI (Basic Pitch) and stem separation (neural packs when installed,
 * the embedded DSP tier otherwise), with their routes and jobs (docs/api/midi.md, stems.md).
 * Later: music generation.
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import { makeMidiJob } from './midi/midi-job.ts';
import { midiRoutes } from './midi/routes.ts';
import type { MusicDeps } from './music-deps.ts';
import { makeStemJob } from './stems/stem-job.ts';
import { stemRoutes } from './stems/routes.ts';

export type { MusicDeps } from './music-deps.ts';
export {
  separateSpeech,
  speechSeparator,
  type SpeechSeparation,
} from './stems/speech-separation.ts';

export const musicRoutes = [...midiRoutes, ...stemRoutes];

/** The music area's state is its deps: its modules are functions over them. */
export type Music = MusicDeps;

export function musicJobs(music: Music): JobHandler[] {
  return [makeMidiJob(music), makeStemJob(music)];
}
