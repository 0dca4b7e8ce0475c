/**
 * `npm run eval -- asr`: word error rate of every installed Whisper pack on the transcribed
 * clips of speech/ (LJSpeech, LibriVox, CMU ARCTIC, JFK and the Picovoice clips in four
 * languages; manifest.tsv gives transcript and language), through the engine's own route
 * (POST /v1/audio/transcriptions with the pack as `model`, the clip's language given), with the
 * real-time factor. Packs that are not installed are listed loudly at the top and the end; with
 * none installed it prints no numbers. Totals are printed per split of the manifest as well: today
 * every clip is `dev` and nothing in transcription is tuned on any of them (decoding is greedy,
 * VAD thresholds are Silero's defaults). Whoever tunes on these clips must first move a part of
 * them to a held-out split, which this report then prints beside `dev` every time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { WHISPER_PACKS } from '../../engine/src/features/speech/transcription/asr-packs.ts';
import { skipped, startEvalEngine, userRegistry } from './eval-engine.ts';
import { wer, type WerCount } from './wer.ts';

interface Clip {
  file: string;
  corpus: string;
  language: string;
  seconds: number;
  transcript: string;
  split: string;
}

export function transcribedClips(dataDir: string): Clip[] {
  const speech = path.join(dataDir, 'speech');
  const rows = fs.readFileSync(path.join(speech, 'manifest.tsv'), 'utf8').trim().split('\n');
  const header = (rows.shift() ?? '').split('\t');
  const col = (name: string): number => header.indexOf(name);
  return rows
    .map((line) => line.split('\t'))
    .filter((cells) => (cells[col('transcript')] ?? '') !== '')
    .map((cells) => ({
      file: path.join(speech, cells[col('path')] ?? ''),
      corpus: cells[col('corpus')] ?? '',
      language: cells[col('lang')] ?? 'en',
      seconds: Number(cells[col('duration_s')] ?? 0),
      transcript: cells[col('transcript')] ?? '',
      split: cells[col('split')] || 'dev',
    }));
}

/** The installed Whisper packs, and a line per pack that is not. */
export function whisperPacks(): { ready: string[]; missing: string[] } {
  const registry = userRegistry();
  const ready: string[] = [];
  const missing: string[] = [];
  for (const id of [...WHISPER_PACKS].reverse()) {
    const status = registry.manifests().some((m) => m.id === id) ? registry.status(id) : null;
    if (status?.ready) ready.push(id);
    else missing.push(`${id}: not installed (npm run models -- install ${id})`);
  }
  if (!registry.manifests().some((m) => m.id === 'silero-vad' && registry.status(m.id).ready)) {
    return { ready: [], missing: [...missing, 'silero-vad: not installed (every pack needs it)'] };
  }
  return { ready, missing };
}

async function transcribe(
  engine: { url: string; auth: Record<string, string> },
  pack: string,
  clip: Clip,
): Promise<string> {
  const form = new FormData();
  form.set('model', pack);
  form.set('language', clip.language);
  form.set('response_format', 'json');
  form.set('file', new Blob([fs.readFileSync(clip.file)]), path.basename(clip.file));
  const res = await fetch(`${engine.url}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: engine.auth,
    body: form,
  });
  const body = (await res.json()) as { text?: string; error?: { message?: string } };
  if (!res.ok) throw new Error(`${path.basename(clip.file)}: ${body.error?.message ?? res.status}`);
  return body.text ?? '';
}

function add(totals: Map<string, WerCount>, key: string, count: WerCount): void {
  const sum = totals.get(key) ?? { errors: 0, words: 0 };
  sum.errors += count.errors;
  sum.words += count.words;
  totals.set(key, sum);
}

function percent(count: WerCount): string {
  return count.words === 0
    ? '  n/a'
    : `${((100 * count.errors) / count.words).toFixed(1)}%`.padStart(6);
}

export async function runAsrEval(dataDir: string): Promise<void> {
  const { ready, missing } = whisperPacks();
  if (ready.length === 0) {
    skipped('asr', missing);
    return;
  }
  if (missing.length > 0) skipped('asr (partly)', missing);
  const clips = transcribedClips(dataDir);
  const engine = await startEvalEngine('asr');
  try {
    for (const pack of ready) {
      console.log(
        `\n${pack}: WER per clip (numbers are not spelled out; punctuation and case ignored)`,
      );
      const byCorpus = new Map<string, WerCount>();
      const bySplit = new Map<string, WerCount>();
      const total: WerCount = { errors: 0, words: 0 };
      let audio = 0;
      const started = performance.now();
      for (const clip of clips) {
        const text = await transcribe(engine, pack, clip);
        const count = wer(clip.transcript, text);
        add(byCorpus, clip.corpus, count);
        add(bySplit, clip.split, count);
        total.errors += count.errors;
        total.words += count.words;
        audio += clip.seconds;
        console.log(`  ${percent(count)}  ${clip.language}  ${path.relative(dataDir, clip.file)}`);
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`${pack}: per corpus`);
      for (const [corpus, count] of byCorpus) console.log(`  ${percent(count)}  ${corpus}`);
      console.log(`${pack}: per split`);
      for (const [split, count] of bySplit) console.log(`  ${percent(count)}  ${split}`);
      console.log(
        `${pack}: all ${clips.length} clips ${percent(total).trim()} WER (${total.errors}/${total.words} words); ` +
          `${audio.toFixed(0)} s of audio in ${seconds.toFixed(0)} s (RTF ${(seconds / audio).toFixed(2)})`,
      );
    }
  } finally {
    await engine.stop();
  }
  if (missing.length > 0) skipped('asr (not measured)', missing);
}
