/**
 * Voice samples for the custom-voice tests, cut from the real speech and music under
 * TAPEHOUSE_DATA_DIR (LibriSpeech test-other speakers, a Slakh mix) with the engine's own
 * decoder and encoder: clips of a chosen length, several utterances of one speaker joined.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  decodeAudio,
  encodeAudio,
  resolveFfmpeg,
  type Ffmpeg,
} from '../../engine/src/audio/index.ts';

export const LIBRISPEECH = 'speech/librispeech_test-other_10spk';

let ffmpeg: Ffmpeg | null = null;

async function tool(): Promise<Ffmpeg> {
  ffmpeg ??= await resolveFfmpeg({ setting: null });
  return ffmpeg;
}

/** `files` (absolute) joined, cut to at most `maxSeconds`, written as 16-bit WAV. */
export async function joinClips(
  files: readonly string[],
  out: string,
  options: { maxSeconds?: number; sampleRate?: number } = {},
): Promise<string> {
  const ff = await tool();
  const rate = options.sampleRate ?? 16_000;
  const parts = [];
  for (const file of files)
    parts.push((await decodeAudio(ff, file, { sampleRate: rate, channels: 1 })).samples);
  let total = parts.reduce((n, p) => n + p.length, 0);
  if (options.maxSeconds !== undefined)
    total = Math.min(total, Math.round(options.maxSeconds * rate));
  const samples = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    if (at >= total) break;
    const take = part.subarray(0, total - at);
    samples.set(take, at);
    at += take.length;
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await encodeAudio(ff, { samples, sampleRate: rate, channels: 1 }, out, { format: 'wav' });
  return out;
}

export function speakerFile(dataDir: string, speaker: string, utterance: number): string {
  const dir = path.join(dataDir, LIBRISPEECH, speaker);
  const name = fs
    .readdirSync(dir)
    .find((f) => f.endsWith(`-${String(utterance).padStart(4, '0')}.flac`));
  if (!name) throw new Error(`no utterance ${utterance} of speaker ${speaker}`);
  return path.join(dir, name);
}

export function audioForm(
  file: string,
  field: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([fs.readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
  return form;
}
