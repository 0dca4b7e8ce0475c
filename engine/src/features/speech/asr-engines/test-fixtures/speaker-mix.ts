/**
 * A three-speaker conversation made of real speech (LibriSpeech test-other readers from
 * ../shared/data/speech), with exact reference turns: utterances of three readers in the order
 * A, B, C, A, each followed by one second of silence, resampled to 16 kHz mono. The Picovoice
 * `diarization_test.wav` named in speech/SOURCES.md is not in the data folder, so the
 * conversation is assembled here; its truth is exact by construction. Test and eval code only.
 */
import path from 'node:path';
import { probeMedia } from '../../../../audio/probe.ts';
import { runFfmpeg } from '../../../../audio/ffmpeg-run.ts';
import type { Ffmpeg } from '../../../../audio/types.ts';

export interface ReferenceTurn {
  speaker: string;
  start: number;
  end: number;
}

/** Reader, then the utterances read in turn (paths under speech/). */
export const CONVERSATION: readonly { speaker: string; files: string[] }[] = [
  { speaker: 'ls_1688', files: ['1688/1688-142285-0000.flac'] },
  { speaker: 'ls_2033', files: ['2033/2033-164914-0000.flac', '2033/2033-164914-0001.flac'] },
  { speaker: 'ls_2609', files: ['2609/2609-156975-0002.flac', '2609/2609-156975-0003.flac'] },
  { speaker: 'ls_1688', files: ['1688/1688-142285-0001.flac'] },
];

export const GAP_SECONDS = 1;

/**
 * Writes the conversation (CONVERSATION unless another list of turns is given) to `out` (16 kHz
 * mono WAV) and returns its reference turns.
 */
export async function writeConversation(
  ffmpeg: Ffmpeg,
  speechDir: string,
  out: string,
  conversation: readonly { speaker: string; files: string[] }[] = CONVERSATION,
): Promise<ReferenceTurn[]> {
  const turns: ReferenceTurn[] = [];
  const inputs: string[] = [];
  let clock = 0;
  for (const turn of conversation) {
    for (const file of turn.files) {
      const full = path.join(speechDir, 'librispeech_test-other_10spk', file);
      const seconds = (await probeMedia(ffmpeg, full)).duration_seconds ?? 0;
      turns.push({ speaker: turn.speaker, start: clock, end: clock + seconds });
      clock += seconds + GAP_SECONDS;
      inputs.push(full);
    }
  }
  const args = inputs.flatMap((file) => ['-i', file]);
  const pad = inputs
    .map(
      (_, i) =>
        `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_len=${GAP_SECONDS * 16000}[a${i}]`,
    )
    .join(';');
  const concat = `${inputs.map((_, i) => `[a${i}]`).join('')}concat=n=${inputs.length}:v=0:a=1[out]`;
  await runFfmpeg(ffmpeg, [
    '-y',
    ...args,
    '-filter_complex',
    `${pad};${concat}`,
    '-map',
    '[out]',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return turns;
}
