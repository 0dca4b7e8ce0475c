/**
 * The cover slot's check (ACX: square, at least 2400×2400, JPG or PNG), read by ffmpeg's probe
 * of the image (`Stream #0:0: Video: mjpeg …, 3000x3000`), so any image ffmpeg reads is measured
 * the same way.
 */
import { runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';

export const MIN_COVER_PIXELS = 2400;

export interface CoverReport {
  format: 'jpg' | 'png' | 'other';
  codec: string | null;
  width: number | null;
  height: number | null;
  passed: boolean;
  problems: string[];
}

/** Pure: the verdict from ffmpeg's stream line. */
export function judgeCover(stderr: string): CoverReport {
  const line = /Stream #0:\d+[^:]*: Video: ([a-z0-9_]+)[^\n]*?, (\d{2,6})x(\d{2,6})/.exec(stderr);
  const codec = line?.[1] ?? null;
  const width = line ? Number(line[2]) : null;
  const height = line ? Number(line[3]) : null;
  const format = codec === 'mjpeg' ? 'jpg' : codec === 'png' ? 'png' : 'other';
  const problems: string[] = [];
  if (format === 'other') problems.push(`the cover is ${codec ?? 'not an image'}, not JPG or PNG`);
  if (width === null || height === null) problems.push('the cover size could not be read');
  else {
    if (width !== height) problems.push(`the cover is ${width}×${height}, not square`);
    if (Math.min(width, height) < MIN_COVER_PIXELS)
      problems.push(
        `the cover is ${width}×${height}, below ${MIN_COVER_PIXELS}×${MIN_COVER_PIXELS}`,
      );
  }
  return { format, codec, width, height, passed: problems.length === 0, problems };
}

export async function checkCover(
  ffmpeg: Ffmpeg,
  file: string,
  signal?: AbortSignal,
): Promise<CoverReport> {
  const result = await runFfmpeg(ffmpeg, ['-i', ffmpegInputArg(file)], {
    allowFailure: true,
    what: 'reading the cover',
    ...(signal && { signal }),
  });
  return judgeCover(result.stderr);
}
