/**
 * The retail sample (ACX: at most 5 minutes, starting with narration, no credits): cut from a
 * mastered chapter file after its section header, with 50 ms fades so the cut never clicks,
 * re-encoded to the same MP3 spec. It is a clip of mastered audio, so its levels match the book.
 *
 * It ends at a sentence end near the asked length, never mid-word (issue 14): the last
 * SEARCH_SECONDS before the asked end are decoded and scanned for pauses (50 ms windows below
 * PAUSE_DB, which only room tone is); narration leaves a pause of at least SENTENCE_PAUSE_SECONDS
 * after every sentence and a longer one between paragraphs, while pauses at commas are shorter.
 * The sample ends in the middle of the latest such pause, or, without one, of the longest pause
 * found (a comma is still better than a word); only silence-free audio is cut at the asked length.
 */
import { decodeAudio, runFfmpeg, type Ffmpeg, type PcmAudio } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import { ACX_RULES, MASTER_TARGETS } from './acx-rules.ts';
import { id3Args, type Id3Tags } from './master-chain.ts';

/** How far back from the asked end a sentence end is looked for. */
export const SEARCH_SECONDS = 40;
/** The shortest pause read as a sentence end. */
export const SENTENCE_PAUSE_SECONDS = 0.35;
/** Windows quieter than this (dBFS, RMS) are pause: room tone sits near -60 dB, speech far above. */
export const PAUSE_DB = -45;
const WINDOW_SECONDS = 0.05;

export interface Pause {
  /** Seconds from the start of the scanned audio. */
  start: number;
  end: number;
}

/** The pauses of mono or interleaved PCM, as runs of quiet 50 ms windows. */
export function findPauses(audio: PcmAudio, quietDb = PAUSE_DB): Pause[] {
  const window = Math.max(1, Math.round(audio.sampleRate * WINDOW_SECONDS));
  const frames = Math.floor(audio.samples.length / audio.channels);
  const quiet = 10 ** (quietDb / 10);
  const pauses: Pause[] = [];
  let runStart: number | null = null;
  for (let from = 0; from < frames; from += window) {
    const to = Math.min(frames, from + window);
    let sum = 0;
    for (let i = from * audio.channels; i < to * audio.channels; i++) {
      const s = audio.samples[i] ?? 0;
      sum += s * s;
    }
    const isQuiet = sum / ((to - from) * audio.channels) < quiet;
    if (isQuiet && runStart === null) runStart = from;
    if (!isQuiet && runStart !== null) {
      pauses.push({ start: runStart / audio.sampleRate, end: from / audio.sampleRate });
      runStart = null;
    }
  }
  if (runStart !== null)
    pauses.push({ start: runStart / audio.sampleRate, end: frames / audio.sampleRate });
  return pauses;
}

/**
 * Where the sample ends, in seconds from the scanned window's start: the middle of the latest
 * sentence-length pause, else of the longest pause, else the window's end (the asked length).
 * A pause running to the window's end (the asked end falls in silence) ends it there.
 */
export function sentenceEnd(pauses: Pause[], windowSeconds: number): number {
  const inside = pauses.filter((p) => p.end > p.start && p.start > 0);
  const sentence = inside.filter((p) => p.end - p.start >= SENTENCE_PAUSE_SECONDS);
  const chosen =
    sentence[sentence.length - 1] ??
    [...inside].sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  if (chosen === undefined) return windowSeconds;
  if (chosen.end >= windowSeconds) return Math.min(windowSeconds, chosen.start + 0.25);
  return (chosen.start + chosen.end) / 2;
}

/** The length of the sample: the asked length, shortened to end at a sentence end. */
export async function sampleLength(
  ffmpeg: Ffmpeg,
  source: string,
  startSeconds: number,
  seconds: number,
  signal: AbortSignal,
): Promise<number> {
  const search = Math.min(SEARCH_SECONDS, seconds * 0.5);
  const from = startSeconds + seconds - search;
  const audio = await decodeAudio(ffmpeg, source, {
    startSeconds: from,
    durationSeconds: search,
    channels: 1,
    signal,
  });
  const scanned = audio.samples.length / audio.sampleRate;
  return seconds - search + sentenceEnd(findPauses(audio), Math.min(search, scanned));
}

export async function cutRetailSample(
  ffmpeg: Ffmpeg,
  source: string,
  output: string,
  options: { startSeconds: number; seconds: number; tags: Id3Tags; signal: AbortSignal },
): Promise<{ seconds: number }> {
  const asked = Math.min(options.seconds, ACX_RULES.maxSampleSeconds);
  const seconds = await sampleLength(ffmpeg, source, options.startSeconds, asked, options.signal);
  const fadeOut = Math.max(0, seconds - 0.05);
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      ...[
        '-ss',
        options.startSeconds.toFixed(3),
        '-t',
        seconds.toFixed(3),
        '-i',
        ffmpegInputArg(source),
      ],
      ...['-af', `afade=t=in:d=0.05,afade=t=out:st=${fadeOut.toFixed(3)}:d=0.05`],
      ...['-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', `${MASTER_TARGETS.bitrateKbps}k`],
      ...['-ar', String(ACX_RULES.sampleRate), '-ac', '1', '-id3v2_version', '3'],
      ...id3Args(options.tags),
      ...['-f', 'mp3', output],
    ],
    { signal: options.signal, what: 'cutting the retail sample' },
  );
  return { seconds };
}
