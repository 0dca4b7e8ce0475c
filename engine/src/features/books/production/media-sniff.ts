/**
 * What an uploaded cover or piece of music really is, from its first bytes (a file's name and
 * Content-Type are only claims). Covers: PNG, JPEG, WebP. Music: MP3, WAV, FLAC, Ogg, M4A/AAC,
 * AIFF.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp';
export type AudioFormat = 'mp3' | 'wav' | 'flac' | 'ogg' | 'm4a' | 'aiff';

const ascii = (head: Buffer, start: number, end: number): string =>
  head.subarray(start, end).toString('latin1');

export function sniffImage(head: Buffer): ImageFormat | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** An MPEG audio frame header: 11 sync bits, a valid layer and bitrate index. */
function isMpegFrame(head: Buffer, at: number): boolean {
  const a = head[at];
  const b = head[at + 1];
  const c = head[at + 2];
  if (a === undefined || b === undefined || c === undefined) return false;
  if (a !== 0xff || (b & 0xe0) !== 0xe0) return false;
  const layer = (b >> 1) & 0x03;
  const bitrate = (c >> 4) & 0x0f;
  return layer !== 0 && bitrate !== 0x0f;
}

export function sniffAudio(head: Buffer): AudioFormat | null {
  if (head.length < 4) return null;
  const tag4 = ascii(head, 0, 4);
  if (tag4 === 'RIFF' && head.length >= 12 && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (tag4 === 'fLaC') return 'flac';
  if (tag4 === 'OggS') return 'ogg';
  if (tag4 === 'FORM' && head.length >= 12 && ['AIFF', 'AIFC'].includes(ascii(head, 8, 12)))
    return 'aiff';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['M4A ', 'M4B ', 'mp42', 'isom', 'dash', 'mp41'].includes(brand)) return 'm4a';
  }
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  if (isMpegFrame(head, 0)) return 'mp3';
  return null;
}

export const IMAGE_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const AUDIO_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aiff: 'audio/aiff',
};
