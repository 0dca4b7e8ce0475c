/**
 * "Check my files" and "master my files" for one uploaded file (docs/api/export.md): probed
 * before anything else, so a file no decoder takes (a header claiming 65,535 channels) is a
 * `format` violation or a 400 rather than a 500, and one longer than ACX allows per file is
 * reported (check) or refused (master) at once instead of being measured or mastered for
 * minutes first (ten hours took the check past two minutes; issue 25).
 */
import path from 'node:path';
import { probeMedia, requireAudio, type Ffmpeg } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import { ACX_RULES } from './acx-rules.ts';
import type { FileReport } from './export-schemas.ts';
import { measureAudioFile } from './file-measure.ts';
import type { UploadedAudio } from './upload-files.ts';
import { validateMeasurement } from './validator.ts';

const MAX_SECONDS = ACX_RULES.maxChapterSeconds;

function tooLongMessage(seconds: number): string {
  return `length ${(seconds / 60).toFixed(1)} min is over ${MAX_SECONDS / 60} min`;
}

/** The check's report on one file; client errors become a failed file, not a failed request. */
export async function checkUploadedFile(
  ffmpeg: Ffmpeg,
  file: UploadedAudio,
  signal: AbortSignal,
): Promise<FileReport> {
  const base = { file: file.filename, kind: 'upload', title: file.filename, chapter_number: null };
  try {
    const info = await probeMedia(ffmpeg, file.path, { signal });
    requireAudio(info, file.path);
    const seconds = info.duration_seconds ?? 0;
    if (seconds > MAX_SECONDS)
      return {
        ...base,
        passed: false,
        violations: [
          {
            rule: 'duration',
            message: `${tooLongMessage(seconds)} (not measured further: ACX takes no file this long)`,
            measured: seconds,
            limit: `≤ ${MAX_SECONDS} s`,
          },
        ],
        measurement: null,
      };
    const measurement = await measureAudioFile(ffmpeg, file.path, { signal });
    return { ...base, ...validateMeasurement(measurement, 'upload'), measurement };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const message = error.message.split(path.basename(file.path)).join(file.filename);
    return {
      ...base,
      passed: false,
      violations: [{ rule: 'format', message, measured: null, limit: 'audio ffmpeg can read' }],
      measurement: null,
    };
  }
}

/** A file "master my files" takes: audio a decoder takes, at most ACX's length; else 400. */
export async function probeForMaster(
  ffmpeg: Ffmpeg,
  file: UploadedAudio,
  signal: AbortSignal,
): Promise<{ seconds: number; sampleRate: number }> {
  let info;
  try {
    info = await probeMedia(ffmpeg, file.path, { signal });
    requireAudio(info, file.path);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const why = error.message.split(path.basename(file.path)).join(file.filename);
    throw new AppError(
      'unsupported_media',
      `${file.filename} is not audio ffmpeg can read: ${why}`,
      {
        details: { file: file.filename, reason: error.details?.reason ?? error.code },
      },
    );
  }
  const seconds = info.duration_seconds ?? 0;
  if (!info.audio || seconds <= 0)
    throw new AppError('unsupported_media', `${file.filename} is not audio ffmpeg can read.`, {
      details: { file: file.filename },
    });
  if (seconds > MAX_SECONDS)
    throw new AppError(
      'acx_noncompliant',
      `${file.filename}: ${tooLongMessage(seconds)}; ACX takes files of at most ${MAX_SECONDS / 60} minutes. Split it first.`,
      {
        details: {
          files: [
            {
              file: file.filename,
              violations: [
                {
                  rule: 'duration',
                  measured: seconds,
                  limit: `≤ ${MAX_SECONDS} s`,
                },
              ],
            },
          ],
        },
      },
    );
  return { seconds, sampleRate: info.audio.sample_rate ?? 44_100 };
}
