/**
 * Narrated pieces the export adds itself: the section header read at the start of each chapter
 * file and the opening and closing credits, spoken with the book's narrator voice through the
 * same paragraph speech as narration (features/voices/speech/speak-text.ts) and kept as FLAC
 * in the export's work folder. Also brings any clip to a chapter's sample rate, so one concat
 * list can read a chapter whose lines came from voices of different engines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeAudio, runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import type { Books } from '../books.ts';
import { speakParagraph } from '../../voices/index.ts';
import type { SpeakableVoice } from '../../voices/index.ts';

export interface Clip {
  file: string;
  sampleRate: number;
  seconds: number;
}

/** Pause after a section header before the chapter's first paragraph. */
export const HEADER_PAUSE_MS = 1200;

export function narratorVoice(books: Books, project: ProjectRow): SpeakableVoice {
  const language = project.language ?? 'en-US';
  return project.selectedVoiceId !== null
    ? books.lines.requireVoice(project.selectedVoiceId)
    : books.lines.defaultVoice(language);
}

export async function speakClip(
  books: Books,
  ffmpeg: Ffmpeg,
  project: ProjectRow,
  voice: SpeakableVoice,
  text: string,
  file: string,
  signal: AbortSignal,
): Promise<Clip> {
  const audio = await speakParagraph(books.deps.voices.synth, {
    text,
    language: project.language ?? 'en-US',
    voice,
    speed: project.speed,
    emotion: null,
    direction: '',
    style: null,
    pronunciations: books.repos.production.pronunciations(project.id),
    trailingSilenceMs: HEADER_PAUSE_MS,
    signal,
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await encodeAudio(
    ffmpeg,
    { sampleRate: audio.sampleRate, channels: 1, samples: audio.samples },
    file,
    { format: 'flac', signal },
  );
  return { file, sampleRate: audio.sampleRate, seconds: audio.durationSeconds };
}

/** The clip at `rate` (FLAC next to `out`), or the clip itself when it already is. */
export async function atRate(
  ffmpeg: Ffmpeg,
  clip: { file: string; sampleRate: number },
  rate: number,
  out: string,
  signal: AbortSignal,
): Promise<string> {
  if (clip.sampleRate === rate) return clip.file;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await runFfmpeg(
    ffmpeg,
    ['-y', '-i', ffmpegInputArg(clip.file), '-ac', '1', '-ar', String(rate), '-c:a', 'flac', out],
    { signal, what: 'resampling a clip' },
  );
  return out;
}
