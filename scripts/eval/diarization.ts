/**
 * `npm run eval -- diarization`: diarization error rate (missed speech, false alarm, speaker
 * confusion; 0.25 s collar) of the installed speaker-diarization pack on three-reader
 * conversations of real LibriSpeech speech whose turns are exact by construction
 * (test-fixtures/speaker-mix.ts), through the engine's own route (diarized_json). It needs a
 * Whisper pack too (the route transcribes); the smallest installed one is used. Missing packs
 * are listed loudly and no numbers are printed without them.
 *
 * Two conversations, both reported every time: `dev` is the one the tests use (anything tuned,
 * such as the clustering threshold, may only be tuned on it); `held-out` is assembled from other
 * utterances and mostly other readers, and is never looked at while tuning. A change that only
 * moves `dev` is not progress.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveFfmpeg } from '../../engine/src/audio/index.ts';
import {
  CONVERSATION,
  writeConversation,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/speaker-mix.ts';
import { whisperPacks } from './asr.ts';
import { diarizationError } from './diarization-error.ts';
import { skipped, startEvalEngine, userRegistry, type EvalEngine } from './eval-engine.ts';

interface Segment {
  speaker: string;
  start: number;
  end: number;
}

/** Readers 1998 and 2414 appear only here; 2609 reads other utterances than in `dev`. */
const HELD_OUT: readonly { speaker: string; files: string[] }[] = [
  { speaker: 'ls_1998', files: ['1998/1998-15444-0000.flac', '1998/1998-15444-0001.flac'] },
  { speaker: 'ls_2414', files: ['2414/2414-128291-0000.flac', '2414/2414-128291-0001.flac'] },
  { speaker: 'ls_2609', files: ['2609/2609-156975-0006.flac'] },
  { speaker: 'ls_1998', files: ['1998/1998-15444-0002.flac'] },
];

const SPLITS = [
  { split: 'dev', turns: CONVERSATION },
  { split: 'held-out', turns: HELD_OUT },
] as const;

async function diarize(engine: EvalEngine, pack: string, clip: string): Promise<Segment[]> {
  const form = new FormData();
  form.set('model', pack);
  form.set('language', 'en');
  form.set('response_format', 'diarized_json');
  form.set('file', new Blob([fs.readFileSync(clip)]), path.basename(clip));
  const res = await fetch(`${engine.url}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: engine.auth,
    body: form,
  });
  const body = (await res.json()) as { segments?: Segment[]; error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return (body.segments ?? []).map((s) => ({ speaker: s.speaker, start: s.start, end: s.end }));
}

function pct(part: number, whole: number): string {
  return `${((100 * part) / Math.max(whole, 1e-9)).toFixed(1)}%`;
}

export async function runDiarizationEval(dataDir: string): Promise<void> {
  const { ready, missing } = whisperPacks();
  const diarization = userRegistry().status('speaker-diarization').ready;
  const lacking = [
    ...(diarization
      ? []
      : ['speaker-diarization: not installed (npm run models -- install speaker-diarization)']),
    ...(ready.length === 0 ? missing : []),
  ];
  if (lacking.length > 0) {
    skipped('diarization', lacking);
    return;
  }
  const pack = ready[0] as string; // the smallest installed (whisperPacks lists tiny first)
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const engine = await startEvalEngine('diarization');
  try {
    console.log(`\nspeaker-diarization (transcribed with ${pack}), DER with a 0.25 s collar:`);
    for (const { split, turns } of SPLITS) {
      const clip = path.join(engine.home, `${split}.wav`);
      const reference = await writeConversation(ffmpeg, path.join(dataDir, 'speech'), clip, turns);
      const started = performance.now();
      const hypothesis = await diarize(engine, pack, clip);
      const seconds = (performance.now() - started) / 1000;
      const r = diarizationError(reference, hypothesis, 0.25);
      const found = new Set(hypothesis.map((s) => s.speaker)).size;
      console.log(
        `  ${split.padEnd(8)} DER ${pct(r.der, 1)} = missed ${pct(r.missed, r.speech)} + ` +
          `false alarm ${pct(r.falseAlarm, r.speech)} + confusion ${pct(r.confusion, r.speech)} ` +
          `over ${r.speech.toFixed(1)} s of scored speech, ${reference.length} turns; ` +
          `${found} speakers found (3 true); ${seconds.toFixed(1)} s`,
      );
    }
  } finally {
    await engine.stop();
  }
}
