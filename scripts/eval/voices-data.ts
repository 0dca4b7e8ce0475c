/**
 * The speech `npm run eval -- voices` clones from (TAPEHOUSE_DATA_DIR/speech): ten LibriSpeech
 * test-other speakers (20 s of each, no transcripts), the two CMU ARCTIC speakers whose prompts'
 * words are in speech/manifest.tsv (for ZipVoice when no Whisper pack can hear the words), and
 * the LibriSpeech train-clean-100 impostor clips.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudio, encodeAudio, type Ffmpeg } from '../../engine/src/audio/index.ts';

export const SPEAKERS = 'speech/librispeech_test-other_10spk';
export const IMPOSTORS = 'speech/librispeech_train-clean-100_impostors';
const MANIFEST = 'speech/manifest.tsv';
const SAMPLE_SECONDS = 20;

export interface EvalSpeaker {
  id: string;
  /** The clip to clone from, 16 kHz WAV. */
  sample: string;
  /** The words spoken in it, when known. */
  words: string | null;
}

export function flacs(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.flac'))
    .sort()
    .map((name) => path.join(dir, name));
}

export async function mono16k(ffmpeg: Ffmpeg, file: string): Promise<Float32Array> {
  return (await decodeAudio(ffmpeg, file, { sampleRate: 16_000, channels: 1 })).samples;
}

/** `files` joined up to `seconds`, as a 16 kHz WAV at `out`. */
async function joined(ffmpeg: Ffmpeg, files: string[], out: string, seconds: number) {
  const want = seconds * 16_000;
  const parts: Float32Array[] = [];
  let total = 0;
  for (const file of files) {
    if (total >= want) break;
    const samples = await mono16k(ffmpeg, file);
    parts.push(samples.subarray(0, want - total));
    total += Math.min(samples.length, want - total);
  }
  const all = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  await encodeAudio(ffmpeg, { samples: all, sampleRate: 16_000, channels: 1 }, out, {
    format: 'wav',
  });
  return out;
}

export async function librispeechSpeakers(
  ffmpeg: Ffmpeg,
  dataDir: string,
  work: string,
): Promise<EvalSpeaker[]> {
  const root = path.join(dataDir, SPEAKERS);
  const ids = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const out: EvalSpeaker[] = [];
  for (const id of ids)
    out.push({
      id,
      sample: await joined(
        ffmpeg,
        flacs(path.join(root, id)),
        path.join(work, `${id}.wav`),
        SAMPLE_SECONDS,
      ),
      words: null,
    });
  return out;
}

/** CMU ARCTIC speakers with their prompts' words (all of each speaker's clips, joined). */
export async function arcticSpeakers(
  ffmpeg: Ffmpeg,
  dataDir: string,
  work: string,
): Promise<EvalSpeaker[]> {
  const rows = fs
    .readFileSync(path.join(dataDir, MANIFEST), 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((cols) => cols[0]?.startsWith('cmu_arctic/') && cols[7]);
  const bySpeaker = new Map<string, { files: string[]; words: string[] }>();
  for (const cols of rows) {
    const speaker = cols[2] ?? '';
    const entry = bySpeaker.get(speaker) ?? { files: [], words: [] };
    entry.files.push(path.join(dataDir, 'speech', cols[0] ?? ''));
    entry.words.push(cols[7] ?? '');
    bySpeaker.set(speaker, entry);
  }
  const out: EvalSpeaker[] = [];
  for (const [id, entry] of bySpeaker)
    out.push({
      id,
      sample: await joined(ffmpeg, entry.files, path.join(work, `${id}.wav`), 30),
      words: entry.words.join(' '),
    });
  return out;
}
