/**
 * Where take audio lives: `<data dir>/narration/<project>/<paragraph>/<take id>.flac`. encodeAudio
 * writes a hidden `.<name>.<random>.partial` sibling and renames it over the take only when
 * ffmpeg finished, so a take file is whole or absent; a crash mid-encode leaves only the partial,
 * which the next start removes (sweepPartialTakes). FLAC keeps the engine's samples exactly
 * (export masters from them) at about half a WAV's size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeAudio, type Ffmpeg } from '../../../audio/index.ts';

const TAKES_FOLDER = 'narration';
/** encodeAudio's temporary name, and the `<take>.partial.flac` that older builds wrote first. */
const PARTIAL = /\.partial(\.flac)?$/;

export function takeRelativePath(projectId: string, paragraphId: string, takeId: string): string {
  return path.posix.join(TAKES_FOLDER, projectId, paragraphId, `${takeId}.flac`);
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
  await encodeAudio(
    ffmpeg,
    { sampleRate: audio.sampleRate, channels: 1, samples: audio.samples },
    file,
    { format: 'flac', ...(signal && { signal }) },
  );
  return file;
}

/**
 * Removes the partial take files a crash left (run at start, before any narration job runs);
 * returns how many. Takes themselves are never touched.
 */
export function sweepPartialTakes(home: string): number {
  const root = path.join(home, TAKES_FOLDER);
  if (!fs.existsSync(root)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !PARTIAL.test(entry.name)) continue;
    fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
    removed += 1;
  }
  return removed;
}
