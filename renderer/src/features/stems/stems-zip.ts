/**
 * "Download all stems": every stem as a WAV of the chosen format in one .zip (fflate, stored:
 * PCM barely compresses and storing keeps a long song's export quick).
 */
import { zipSync, type Zippable } from 'fflate';
import { stemLabel } from './stem-words.ts';
import { encodeWavPlanes, type WavFormat } from './wav-encode.ts';

export interface ZipStem {
  stem: string;
  planes: readonly Float32Array[];
  sampleRate: number;
}

/** `Song - Vocals.wav`, … in one zip; names unique even when labels collide. */
export function zipStems(
  baseName: string,
  stems: readonly ZipStem[],
  format: WavFormat,
): Uint8Array {
  const files: Zippable = {};
  for (const s of stems) {
    let name = `${baseName} - ${stemLabel(s.stem)}.wav`.replace(/[/\\:*?"<>|]/g, '_');
    if (files[name] !== undefined) name = name.replace(/\.wav$/, ` (${s.stem}).wav`);
    files[name] = [encodeWavPlanes(s.planes, s.sampleRate, format), { level: 0 }];
  }
  return zipSync(files);
}
