/**
 * `npm run bench -- tts`: real-time factor (synthesis time / audio duration; below 1 is faster
 * than real time) and characters per second of every TTS engine available, on the same text,
 * through the same path the engine uses (worker pool, ONNX Runtime sessions cached).
 *
 * - eSpeak NG (embedded, always);
 * - Piper on a Piper-format voice the project generates, on the test fixture voice when
 *   TAPEHOUSE_MODELS_DIR has it, and on one voice of each installed Piper pack;
 * - Kokoro on the generated Kokoro-format model, and installed Kokoro packs.
 *
 * For every Piper-format model the peer, sherpa-onnx-node, runs the same model file in the same
 * run (its own phonemizer, same thread count), ours and sherpa alternating run by run so both
 * see the same load, and the ratio ours/peer of synthesis time is printed; when it cannot run, the reason is printed instead. A model without the metadata
 * sherpa needs is also measured as a copy with that metadata appended (weights untouched).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../engine/src/config.ts';
import { EspeakEngine } from '../../engine/src/features/voices/engines/espeak/espeak-engine.ts';
import { writeGeneratedKokoro } from '../../engine/src/features/voices/engines/kokoro/generated-kokoro-voice.ts';
import { KokoroEngine } from '../../engine/src/features/voices/engines/kokoro/kokoro-engine.ts';
import {
  createNeuralEngines,
  installedNeuralVoices,
  piperLocator,
} from '../../engine/src/features/voices/engines/neural-voices.ts';
import { writeGeneratedPiperVoice } from '../../engine/src/features/voices/engines/piper/generated-piper-voice.ts';
import { PiperEngine } from '../../engine/src/features/voices/engines/piper/piper-engine.ts';
import { readPiperVoiceConfig } from '../../engine/src/features/voices/engines/piper/piper-voice-config.ts';
import type { TtsEngine, TtsResult } from '../../engine/src/features/voices/engines/tts-engine.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { defaultIntraOpThreads } from '../../engine/src/inference/session-cache.ts';
import { WorkerPool } from '../../engine/src/jobs/worker-pool.ts';
import { comparePhonemeIds } from './tts-phoneme-check.ts';
import { loadSherpa, sherpaPiper, withSherpaMetadata, writeTokens } from './tts-sherpa-peer.ts';

export const BENCH_TEXT =
  'The lighthouse keeper climbed the spiral stairs as the storm rolled in from the west. ' +
  'Every evening for thirty years he had lit the lamp, trimmed the wick and polished the great ' +
  'lens until it shone. Tonight the wind howled, rain hammered the glass, and far out on the ' +
  'black water a small boat was fighting its way home. He turned the crank, the beam swept ' +
  'across the waves, and somewhere in the dark a sailor saw it and changed course. By morning ' +
  'the sea was calm again, and the keeper wrote a single line in his log: all ships safe.';

const RUNS = 3;
/** Runs of each side when ours and the peer alternate (a noisy shared machine needs more). */
const PAIRED_RUNS = 9;
const SETTLE_MS = 50;
/**
 * Warm-up runs of each side: V8 compiles eSpeak NG's JavaScript over its first ~30 calls (the
 * first 10 phonemize 5–20× slower, the next 20 2–5×); an engine worker lives on, so the steady
 * state after that is what narration sees. The first requests of a fresh worker are slower.
 */
const PAIRED_WARMUP = 30;

interface Measure {
  ms: number;
  audioSeconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type Synthesize = () => Promise<{ samples: Float32Array; sampleRate: number }>;

async function measure(run: Synthesize): Promise<Measure> {
  await run(); // warm-up: session creation, eSpeak load
  const times: number[] = [];
  let audioSeconds = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const audio = await run();
    times.push(performance.now() - started);
    audioSeconds = audio.samples.length / audio.sampleRate;
  }
  return { ms: median(times), audioSeconds };
}

/**
 * Ours and the peer in alternation (ours, peer, ours, peer…) after warm-ups of each, so both
 * see the same moments of a shared machine's load; medians of PAIRED_RUNS each.
 */
async function measurePair(
  ours: Synthesize,
  peer: Synthesize,
): Promise<[Measure | string, Measure | string]> {
  const runs: [Synthesize, number[], { seconds: number }][] = [
    [ours, [], { seconds: 0 }],
    [peer, [], { seconds: 0 }],
  ];
  const failed: (string | null)[] = [null, null];
  for (const [index, [run]] of runs.entries()) {
    try {
      for (let i = 0; i < PAIRED_WARMUP; i++) await run();
    } catch (error) {
      failed[index] = error instanceof Error ? error.message : String(error);
    }
  }
  for (let i = 0; i < PAIRED_RUNS; i++) {
    for (const [index, [run, times, audio]] of runs.entries()) {
      if (failed[index] !== null) continue;
      // Let the other side's idle threads settle: ONNX Runtime's spin-wait after a run (sherpa
      // keeps the default) would otherwise eat the cores of whichever run comes next.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const started = performance.now();
      const result = await run();
      times.push(performance.now() - started);
      audio.seconds = result.samples.length / result.sampleRate;
    }
  }
  const [oursMeasure, peerMeasure] = runs.map(
    ([, times, audio], index): Measure | string =>
      failed[index] ?? { ms: median(times), audioSeconds: audio.seconds },
  );
  return [oursMeasure!, peerMeasure!];
}

function row(label: string, m: Measure | string, peer?: Measure | string): void {
  if (typeof m === 'string') {
    console.log(`  ${label.padEnd(44)} not run: ${m}`);
    return;
  }
  const rtf = m.ms / 1000 / m.audioSeconds;
  const cps = BENCH_TEXT.length / (m.ms / 1000);
  console.log(
    `  ${label.padEnd(44)} ${m.audioSeconds.toFixed(1).padStart(6)} s audio ` +
      `${m.ms.toFixed(0).padStart(6)} ms  RTF ${rtf.toFixed(3).padStart(7)}  ${cps.toFixed(0).padStart(7)} chars/s`,
  );
  if (peer === undefined) return;
  if (typeof peer === 'string') {
    console.log(`    peer sherpa-onnx-node: not run: ${peer}`);
    return;
  }
  const peerRtf = peer.ms / 1000 / peer.audioSeconds;
  console.log(
    `    peer sherpa-onnx-node                    ${peer.audioSeconds.toFixed(1).padStart(6)} s audio ` +
      `${peer.ms.toFixed(0).padStart(6)} ms  RTF ${peerRtf.toFixed(3).padStart(7)}  ` +
      `${(BENCH_TEXT.length / (peer.ms / 1000)).toFixed(0).padStart(7)} chars/s   ` +
      `ours/peer time ${(m.ms / peer.ms).toFixed(2)}×, RTF ${(rtf / peerRtf).toFixed(2)}×`,
  );
}

async function ours(engine: TtsEngine, voice: string): Promise<Measure | string> {
  try {
    return await measure(() => engine.synthesize({ text: BENCH_TEXT, voice, speed: 1 }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * sherpa on the model file as it is, then (if it lacks metadata) on a copy with metadata; each
 * time ours and sherpa alternate run by run (measurePair). Ours alone when sherpa cannot run.
 */
async function peers(
  modelPath: string,
  configPath: string,
  dir: string,
  label: string,
  engine: TtsEngine,
  voice: string,
  retake?: TtsEngine,
): Promise<void> {
  const config = readPiperVoiceConfig(configPath);
  const sherpa = loadSherpa();
  const tokens = writeTokens(config, path.join(dir, `${path.basename(modelPath)}.tokens.txt`));
  const threads = defaultIntraOpThreads();
  const run = async (
    file: string,
    side = engine,
  ): Promise<[Measure | string, Measure | string]> => {
    const peer = sherpaPiper(sherpa, file, tokens, config, threads);
    if ('why' in peer) return [await ours(side, voice), peer.why];
    return measurePair(
      () => side.synthesize({ text: BENCH_TEXT, voice, speed: 1 }),
      async (): Promise<Pick<TtsResult, 'samples' | 'sampleRate'>> =>
        peer.tts.generate({ text: BENCH_TEXT, sid: 0, speed: 1 }),
    );
  };
  const [oursMeasure, same] = await run(modelPath);
  row(label, oursMeasure, same);
  if (retake && typeof same !== 'string') {
    const [again, peer] = await run(modelPath, retake);
    row(`${label}, retake`, again, peer);
  }
  const ids = await comparePhonemeIds(sherpa, config, tokens, BENCH_TEXT, dir);
  if (typeof ids === 'string') console.log(`    phoneme ids vs sherpa: not compared: ${ids}`);
  else
    console.log(
      `    phoneme ids vs sherpa: ${ids.ours} ours, ${ids.peer} sherpa's, ${ids.differing} differ` +
        (ids.pairs.length > 0
          ? ` (${ids.pairs.map(([p, n]) => `${p} ×${n}`).join(', ')}: eSpeak NG versions differ)`
          : ' (identical)'),
    );
  if (typeof same === 'string' && typeof sherpa !== 'string' && /metadata/.test(same)) {
    const tagged = withSherpaMetadata(
      modelPath,
      config,
      path.join(dir, `${path.basename(modelPath)}.meta.onnx`),
    );
    const [oursAgain, peer] = await run(tagged);
    row(`${label} (+sherpa metadata)`, oursAgain, peer);
  }
}

export async function benchTts(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-bench-tts-'));
  const pool = new WorkerPool(1);
  try {
    console.log(
      `\ntts: ${BENCH_TEXT.length} characters, median of ${RUNS} runs after a warm-up ` +
        `(${PAIRED_RUNS} after ${PAIRED_WARMUP}, alternating with sherpa, where it runs), ` +
        `${defaultIntraOpThreads()} inference thread(s), ${os.cpus()[0]?.model ?? 'cpu'}`,
    );
    row('espeak-ng (gmw/en-US)', await ours(new EspeakEngine(pool), 'gmw/en-US'));

    const generated = writeGeneratedPiperVoice(dir, 'generated-piper');
    const fixtureDir = process.env.TAPEHOUSE_MODELS_DIR;
    const fixture = fixtureDir ? path.join(fixtureDir, 'tts/fixtures/test_voice.onnx') : null;
    const files: Record<string, { modelPath: string; configPath: string }> = { generated };
    if (fixture && fs.existsSync(fixture))
      files.fixture = { modelPath: fixture, configPath: `${fixture}.json` };
    const locate = (voice: string): { modelPath: string; configPath: string } => {
      const found = files[voice];
      if (!found) throw new Error(`no voice ${voice}`);
      return found;
    };
    // Every run phonemizes anew, as sherpa does; the retake row lets the engine reuse the
    // phonemes of the same text (its clause cache), as a retake of a passage does.
    const piper = new PiperEngine(pool, locate, { phonemeCache: false });
    const piperRetake = new PiperEngine(pool, locate);
    await peers(
      generated.modelPath,
      generated.configPath,
      dir,
      'piper (generated Piper-format voice)',
      piper,
      'piper:generated#0',
      piperRetake,
    );
    if (files.fixture) {
      await peers(
        files.fixture.modelPath,
        files.fixture.configPath,
        dir,
        'piper (fixture test_voice.onnx)',
        piper,
        'piper:fixture#0',
      );
    } else {
      row(
        'piper (fixture test_voice.onnx)',
        'TAPEHOUSE_MODELS_DIR has no tts/fixtures/test_voice.onnx',
      );
    }

    const kokoroFiles = writeGeneratedKokoro(path.join(dir, 'kokoro'), ['af_bench']);
    const kokoro = new KokoroEngine(pool, () => kokoroFiles);
    row('kokoro (generated Kokoro-format model)', await ours(kokoro, 'kokoro:af_bench'));
    console.log('    peer: none (the issue asks for a peer on Piper-format voices only)');

    // Real voices from installed packs: the first voice of each pack.
    const registry = new ModelRegistry(loadConfig());
    const installed = installedNeuralVoices(registry, () => undefined);
    const engines = createNeuralEngines(pool, registry, null);
    const seen = new Set<string>();
    for (const voice of installed) {
      if (seen.has(voice.packId)) continue;
      seen.add(voice.packId);
      if (voice.engine === 'kokoro') {
        row(`kokoro ${voice.engineVoice}`, await ours(engines.kokoro, voice.engineVoice));
        continue;
      }
      const name = voice.engineVoice.replace(/^piper:/, '').replace(/#\d+$/, '');
      const located = piperLocator(registry)(name);
      await peers(
        located.modelPath,
        located.configPath,
        dir,
        `piper ${voice.engineVoice}`,
        new PiperEngine(pool, piperLocator(registry), { phonemeCache: false }),
        voice.engineVoice,
        engines.piper,
      );
    }
    if (installed.length === 0)
      console.log('  (no Piper or Kokoro packs installed: npm run models -- list)');
  } finally {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
