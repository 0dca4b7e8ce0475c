/**
 * The retail sample (ACX: at most 5 minutes, starting with narration, no credits): cut from a
 * mastered chapter file after its section header, with 50 ms fades so the cut never clicks,
 * re-encoded to the same MP3 spec. It is a clip of mastered audio, so its levels match the book.
 */
import { runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import { ACX_RULES, MASTER_TARGETS } from './acx-rules.ts';
import { id3Args, type Id3Tags } from './master-chain.ts';

export async function cutRetailSample(
  ffmpeg: Ffmpeg,
  source: string,
  output: string,
  options: { startSeconds: number; seconds: number; tags: Id3Tags; signal: AbortSignal },
): Promise<void> {
  const seconds = Math.min(options.seconds, ACX_RULES.maxSampleSeconds);
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
}
