/**
 * The duration a paid job is priced from before it runs: the owner's uploaded file probed with
 * ffmpeg. Unreadable media (the job will fail in run() and be refunded) or no ffmpeg gives null,
 * which the cost table prices as its one-minute minimum.
 */
import { probeMedia } from '../../../audio/index.ts';
import type { FfmpegStatus } from '../../../ffmpeg-status.ts';
import type { FileStore } from './file-store.ts';

/** What probing needs: the owner's files and ffmpeg. */
export interface ProbeDeps {
  files: FileStore;
  ffmpeg: FfmpegStatus;
}

export async function probedSeconds(
  deps: ProbeDeps,
  ownerId: string,
  fileKey: string,
): Promise<number | null> {
  const row = deps.files.get(ownerId, fileKey); // 404 for another owner's key
  try {
    const ffmpeg = await deps.ffmpeg.require();
    return (await probeMedia(ffmpeg, deps.files.pathOf(row))).duration_seconds;
  } catch {
    return null;
  }
}
