/**
 * Turns a failed ffmpeg run into one AppError with a code the user can act on. ffmpeg only
 * says what went wrong in English on stderr, so this is a small, ordered list of the messages
 * that matter (checked against ffmpeg 4.1 and 5.1). Pure; tested on captured stderr.
 */
import { AppError } from '../errors.ts';

export interface FailureContext {
  /** What we were doing, for the message: "decoding talk.mp3". */
  what: string;
  /** The input exactly as passed to `-i` (e.g. `file:/abs/x.mp3`): its open errors say so. */
  input?: string;
  exitCode: number | null;
}

/** The last `count` non-empty stderr lines, for messages and `details`. */
export function stderrTail(stderr: string, count = 12): string {
  return stderr
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim().length > 0)
    .slice(-count)
    .join('\n');
}

const NO_AUDIO = [
  /matches no streams/,
  /does not contain any stream/,
  /Output file( #\d+)? does not contain any stream/,
];

const NO_DECODER = [/Decoder \(codec [^)]*\) not found/, /Unknown decoder/, /no decoder found/i];

/** A stream ffmpeg found but no decoder would open (a header claiming 65,535 channels). */
const UNDECODABLE = [/Error while opening decoder/, /Could not open codec for input stream/];
const UNDECODABLE_REASON = /(Too many channels[^\n]*|Invalid (?:sample rate|channel)[^\n]*)/i;

const CORRUPT = [
  /Invalid data found when processing input/,
  /moov atom not found/,
  /Failed to read frame size/,
  /could not find codec parameters/i,
  /Header missing/,
  /invalid frame size/i,
  /End of file/,
];

export function ffmpegFailure(stderr: string, context: FailureContext): AppError {
  const tail = stderrTail(stderr);
  const details = { exit_code: context.exitCode, stderr_tail: tail };
  const lines = stderr.split(/\r\n|\r|\n/);

  // An input that ffmpeg could not open is reported as "<input>: <reason>".
  const inputPrefix = context.input === undefined ? null : `${context.input}: `;
  const openLine = inputPrefix ? lines.find((line) => line.startsWith(inputPrefix)) : undefined;
  if (openLine !== undefined && inputPrefix !== null) {
    const reason = openLine.slice(inputPrefix.length).trim();
    if (/No such file or directory/i.test(reason)) {
      return new AppError('validation_error', `${context.what}: the file does not exist`, {
        details,
      });
    }
    if (/Permission denied/i.test(reason)) {
      return new AppError('validation_error', `${context.what}: permission denied`, { details });
    }
    return new AppError(
      'invalid_audio',
      `${context.what}: not a media file ffmpeg can read (${reason})`,
      { details },
    );
  }
  if (NO_AUDIO.some((re) => re.test(stderr))) {
    return new AppError('unsupported_media', `${context.what}: the file has no audio stream`, {
      details,
    });
  }
  if (NO_DECODER.some((re) => re.test(stderr))) {
    return new AppError(
      'unsupported_media',
      `${context.what}: this ffmpeg cannot decode the file's audio codec`,
      { details },
    );
  }
  if (UNDECODABLE.some((re) => re.test(stderr))) {
    const reason = UNDECODABLE_REASON.exec(stderr)?.[1]?.trim();
    return new AppError(
      'invalid_audio',
      `${context.what}: the audio stream cannot be decoded${reason ? ` (${reason})` : ''}; its header is damaged or claims what no decoder takes`,
      { details: { ...details, reason: 'undecodable_stream' } },
    );
  }
  const corrupt = CORRUPT.find((re) => re.test(stderr));
  if (corrupt) {
    const line = lines.find((l) => corrupt.test(l))?.trim() ?? '';
    return new AppError(
      'invalid_audio',
      `${context.what}: the file is damaged or not audio (${line})`,
      {
        details,
      },
    );
  }
  const last = tail.split('\n').pop() ?? '';
  return new AppError(
    'internal_error',
    `${context.what}: ffmpeg failed (exit code ${context.exitCode ?? 'none'})${last ? `: ${last}` : ''}`,
    { details },
  );
}
