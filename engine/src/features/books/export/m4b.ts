/**
 * The extra M4B (one file, AAC in MP4, chapter markers): the mastered chapter files joined in
 * order, chapters written from an FFMETADATA1 file (one [CHAPTER] per file, millisecond
 * timebase), tags and the cover as attached picture. Built from the mastered MP3s so the M4B
 * has exactly the package's levels.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';

const escape = (value: string): string => value.replace(/([=;#\\\n])/g, '\\$1');

export function ffmetadata(
  tags: { title: string; artist: string; narrator: string; publisher?: string },
  chapters: readonly { title: string; seconds: number }[],
): string {
  const lines = [
    ';FFMETADATA1',
    `title=${escape(tags.title)}`,
    `album=${escape(tags.title)}`,
    `artist=${escape(tags.artist)}`,
    `composer=${escape(tags.narrator)}`,
    'genre=Audiobook',
    ...(tags.publisher ? [`publisher=${escape(tags.publisher)}`] : []),
  ];
  let at = 0;
  for (const chapter of chapters) {
    const end = at + Math.round(chapter.seconds * 1000);
    lines.push(
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${at}`,
      `END=${end}`,
      `title=${escape(chapter.title)}`,
    );
    at = end;
  }
  return `${lines.join('\n')}\n`;
}

export async function writeM4b(
  ffmpeg: Ffmpeg,
  options: {
    files: readonly { file: string; title: string; seconds: number }[];
    cover: string | null;
    tags: { title: string; artist: string; narrator: string; publisher?: string };
    workDir: string;
    output: string;
    signal: AbortSignal;
  },
): Promise<void> {
  const list = path.join(options.workDir, 'm4b.ffconcat');
  const meta = path.join(options.workDir, 'm4b.ffmetadata');
  const quote = (f: string): string => `'${path.resolve(f).replaceAll("'", "'\\''")}'`;
  fs.writeFileSync(
    list,
    `ffconcat version 1.0\n${options.files.map((f) => `file ${quote(f.file)}`).join('\n')}\n`,
  );
  fs.writeFileSync(meta, ffmetadata(options.tags, options.files));
  const cover = options.cover;
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      ...['-f', 'concat', '-safe', '0', '-i', list, '-i', ffmpegInputArg(meta)],
      ...(cover ? ['-i', ffmpegInputArg(cover)] : []),
      ...['-map', '0:a', '-map_metadata', '1', '-map_chapters', '1'],
      ...(cover ? ['-map', '2:v', '-c:v', 'copy', '-disposition:v:0', 'attached_pic'] : []),
      ...['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '1', '-f', 'mp4', options.output],
    ],
    {
      signal: options.signal,
      what: 'writing the M4B',
      totalSeconds: options.files.reduce((s, f) => s + f.seconds, 0),
    },
  );
}
