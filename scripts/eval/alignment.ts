/**
 * `npm run eval -- alignment`: word-boundary error of forced alignment (POST /speech/align,
 * features/speech/alignment) on the clips of <dataDir>/speech/picovoice_multilingual that carry
 * reference word timings (test_data.json). For each clip it prints the median and 90th
 * percentile of |start − start_ref| and |end − end_ref| over all words, with the Silero VAD
 * refinement (when $TAPEHOUSE_MODELS_DIR/vad has it) and with the energy fallback, then the
 * totals. Target: median ≤ 60 ms.
 *
 * Peer: Echogarden's DTW aligner is the method's reference, but its npm package brings its own
 * ONNX Runtime and model downloads; it is not installed here, so no peer row is printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { WorkerPool } from '../../engine/src/jobs/worker-pool.ts';
import { AlignmentService } from '../../engine/src/features/speech/alignment/alignment-service.ts';
import { EspeakEngine } from '../../engine/src/features/voices/engines/espeak/espeak-engine.ts';

interface ReferenceWord {
  word: string;
  start_sec: number;
  end_sec: number;
}

interface Clip {
  language: string;
  audio_file: string;
  transcript_with_punctuation: string;
  words: ReferenceWord[];
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
}

function ms(seconds: number): string {
  return `${Math.round(seconds * 1000)}`.padStart(5);
}

export async function runAlignmentEval(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'speech', 'picovoice_multilingual');
  const file = path.join(dir, 'test_data.json');
  if (!fs.existsSync(file)) {
    console.log(`alignment: SKIPPED — ${file} not found`);
    return;
  }
  const clips = (
    JSON.parse(fs.readFileSync(file, 'utf8')) as { tests: { language_tests: Clip[] } }
  ).tests.language_tests.filter((c) => fs.existsSync(path.join(dir, c.audio_file)));
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const workers = new WorkerPool(1);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'align-eval-'));
  const modelsDir = process.env.TAPEHOUSE_MODELS_DIR ?? null;
  const variants = [
    { name: 'eSpeak+DTW, Silero VAD', modelsDir },
    { name: 'eSpeak+DTW, energy   ', modelsDir: null },
  ];
  console.log(`alignment: ${clips.length} clips with reference word timings (${dir})`);
  console.log('clip            lang  words  method                   median_ms  p90_ms');
  try {
    for (const variant of variants) {
      const service = new AlignmentService({
        workers,
        models: new ModelRegistry({ home, modelsDir: variant.modelsDir }),
        ffmpeg: () => Promise.resolve(ffmpeg),
        espeak: new EspeakEngine(workers),
      });
      const all: number[] = [];
      let refined = false;
      for (const clip of clips) {
        const result = await service.alignWords(
          { path: path.join(dir, clip.audio_file) },
          clip.transcript_with_punctuation,
          clip.language,
        );
        refined ||= result.vad_refined;
        const errors: number[] = [];
        result.words.forEach((w, i) => {
          const ref = clip.words[i];
          if (ref) errors.push(Math.abs(w.start - ref.start_sec), Math.abs(w.end - ref.end_sec));
        });
        if (result.words.length !== clip.words.length) {
          console.log(
            `  note: ${clip.audio_file}: ${result.words.length} words vs ${clip.words.length} in the reference`,
          );
        }
        errors.sort((a, b) => a - b);
        all.push(...errors);
        console.log(
          `${clip.audio_file.padEnd(15)} ${clip.language.padEnd(5)} ${String(result.words.length).padStart(5)}  ${variant.name}  ${ms(quantile(errors, 0.5))}     ${ms(quantile(errors, 0.9))}`,
        );
      }
      all.sort((a, b) => a - b);
      const note =
        variant.modelsDir !== null && !refined ? '  (Silero VAD not found: energy used)' : '';
      console.log(
        `ALL             --    ${String(all.length / 2).padStart(5)}  ${variant.name}  ${ms(quantile(all, 0.5))}     ${ms(quantile(all, 0.9))}${note}`,
      );
    }
    console.log('peer: none installed (Echogarden not in this build); target median ≤ 60 ms');
  } finally {
    await workers.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
