/**
 * The duration a paid job is priced from before it runs: the owner's uploaded file probed with
 * ffmpeg. Unreadable media (the job will fail in run() and be refunded) or no ffmpeg gives null,
 * which the cost table prices as its one-minute minimum.
 */
import { probeMedia } from '../../../audio/index.ts';
import type { Services } from '../../../services.ts';

export async function probedSeconds(
  services: Services,
  ownerId: string,
  fileKey: string,
): Promise<number | null> {
  const row = services.files.get(ownerId, fileKey); // 404 for another owner's key
  try {
    const ffmpeg = await services.ffmpeg.require();
    return (await probeMedia(ffmpeg, services.files.pathOf(row))).duration_seconds;
  } catch {
    return null;
  }
}
