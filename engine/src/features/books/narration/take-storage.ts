/**
 * Where take audio lives: `<data dir>/narration/<project>/<paragraph>/<take id>.flac`, written
 * to a temporary name and renamed, so a crash never leaves a half file behind a take row. FLAC
 * keeps the engine's samples exactly (export masters from them) at about half a WAV's size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeAudio, type Ffmpeg } from '../../../audio/index.ts';

export function takeRelativePath(projectId: string, paragraphId: string, takeId: string): string {
  return path.posix.join('narration', projectId, paragraphId, `${takeId}.flac`);
}

export async function writeTakeAudio(
  ffmpeg: Ffmpeg,
  home: string,
  relative: string,
  audio: { samples: Float32Array; sampleRate: number },
  signal?: AbortSignal,
): Promise<string> {
  const file = path.join(home, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial.flac`;
  await encodeAudio(
    ffmpeg,
    { sampleRate: audio.sampleRate, channels: 1, samples: audio.samples },
    partial,
    {
      format: 'flac',
      ...(signal && { signal }),
    },
  );
  fs.renameSync(partial, file);
  return file;
}
