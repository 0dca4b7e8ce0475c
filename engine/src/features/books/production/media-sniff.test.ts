import { describe, expect, it } from 'vitest';
import { sniffAudio, sniffImage } from './media-sniff.ts';

const bytes = (...values: (number | string)[]): Buffer =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('media sniffing', () => {
  it('knows covers by their magic bytes', () => {
    expect(sniffImage(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes('%PDF-1.4'))).toBeNull();
  });

  it('knows music by its container or MPEG frame header', () => {
    expect(sniffAudio(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBe('wav');
    expect(sniffAudio(bytes('fLaC', 0))).toBe('flac');
    expect(sniffAudio(bytes('OggS', 0))).toBe('ogg');
    expect(sniffAudio(bytes('ID3', 4, 0))).toBe('mp3');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
    expect(sniffAudio(bytes(0, 0, 0, 0x20, 'ftypM4A ', 0))).toBe('m4a');
    expect(sniffAudio(bytes('FORM', 0, 0, 0, 0, 'AIFF'))).toBe('aiff');
    expect(sniffAudio(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBeNull();
    expect(sniffAudio(bytes(0xff, 0xff, 0xff, 0xff))).toBeNull();
  });
});
