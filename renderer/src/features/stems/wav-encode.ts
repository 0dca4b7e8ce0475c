/** WAV files from float sample planes, in the formats the mixer offers (no DOM: unit tested). */
/** The file formats the mixer exports: 16-bit or 24-bit PCM, or 32-bit float WAV. */
export const WAV_FORMATS = {
  pcm16: { label: 'WAV 16-bit', bits: 16, float: false },
  pcm24: { label: 'WAV 24-bit', bits: 24, float: false },
  float32: { label: 'WAV 32-bit float', bits: 32, float: true },
} as const;
export type WavFormat = keyof typeof WAV_FORMATS;

/** Interleaves the planes into a WAV file of `format` (no DOM: unit tested). */
export function encodeWavPlanes(
  planes: readonly Float32Array[],
  sampleRate: number,
  format: WavFormat,
): Uint8Array<ArrayBuffer> {
  const { bits, float } = WAV_FORMATS[format];
  const channels = planes.length;
  const frames = Math.max(0, ...planes.map((p) => p.length));
  const bytesPer = bits / 8;
  const dataBytes = frames * channels * bytesPer;
  const data = new DataView(new ArrayBuffer(44 + dataBytes));
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) data.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  data.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, float ? 3 : 1, true);
  data.setUint16(22, channels, true);
  data.setUint32(24, sampleRate, true);
  data.setUint32(28, sampleRate * channels * bytesPer, true);
  data.setUint16(32, channels * bytesPer, true);
  data.setUint16(34, bits, true);
  ascii(36, 'data');
  data.setUint32(40, dataBytes, true);
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (const plane of planes) {
      const v = Math.max(-1, Math.min(1, plane[i] ?? 0));
      if (float) data.setFloat32(offset, v, true);
      else if (bits === 16) data.setInt16(offset, Math.round(v * 32767), true);
      else {
        const sample = Math.round(v * 8_388_607);
        data.setUint8(offset, sample & 0xff);
        data.setUint8(offset + 1, (sample >> 8) & 0xff);
        data.setUint8(offset + 2, (sample >> 16) & 0xff);
      }
      offset += bytesPer;
    }
  }
  return new Uint8Array(data.buffer);
}
