/**
 * `npm run bench -- gpu`: the engine's real model paths on this machine's GPU provider beside
 * the same code on cpu, in one run: wall time, real-time factor, the ratio, and how far the GPU
 * output strays from the cpu output (SI-SDR of one against the other for audio, max |Δ| for
 * posteriorgrams). Models come from TAPEHOUSE_MODELS_DIR, audio from TAPEHOUSE_DATA_DIR.
 *
 * Which GPU provider: the first non-cpu one the engine itself would choose (detectProviders), or
 * TAPEHOUSE_BENCH_GPU_PROVIDER. With none, it says so loudly and measures nothing. The session
 * cache is told not to fall back to cpu, so a provider that cannot load a model fails here
 * instead of timing cpu twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mixToMono } from '../../engine/src/audio/pcm.ts';
import { readWavFile } from '../../engine/src/audio/wav.ts';
import {
  ENGINES,
  createChannelStream,
  type QualityMode,
} from '../../engine/src/features/cleanup/denoise-engines.ts';
import { denoiseWhole } from '../../engine/src/features/cleanup/hop-stream.ts';
import { siSdr } from '../../engine/src/features/cleanup/si-sdr.ts';
import { runModel } from '../../engine/src/features/music/midi/transcribe-task.ts';
import {
  describeInference,
  detectProviders,
  type ProviderName,
} from '../../engine/src/inference/execution-providers.ts';
import { SessionCache } from '../../engine/src/inference/session-cache.ts';

interface Timed<T> {
  first: number;
  median: number;
  output: T;
}

const REPEATS = 3;
/** Seconds of audio per workload; TAPEHOUSE_BENCH_GPU_SECONDS shortens a run on a metered GPU. */
const SECONDS = Number(process.env.TAPEHOUSE_BENCH_GPU_SECONDS ?? 60);

async function timed<T>(run: () => Promise<T>): Promise<Timed<T>> {
  const times: number[] = [];
  let output: T | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    output = await run();
    times.push((performance.now() - started) / 1000);
  }
  const sorted = times.slice(1).sort((a, b) => a - b);
  return { first: times[0]!, median: sorted[Math.floor(sorted.length / 2)]!, output: output! };
}

/** `seconds` of audio made by repeating a clip (the bench wants minutes, the data has seconds). */
function loop(samples: Float32Array, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += samples.length) out.set(samples.subarray(0, count - i), i);
  return out;
}

async function monoClip(file: string, sampleRate: number, seconds: number): Promise<Float32Array> {
  const wav = await readWavFile(file);
  if (wav.sampleRate !== sampleRate) {
    throw new Error(`${file} is ${wav.sampleRate} Hz; this bench needs ${sampleRate} Hz`);
  }
  return loop(mixToMono(wav), seconds * sampleRate);
}

async function denoise(
  mode: QualityMode,
  files: Record<string, string>,
  sessions: SessionCache,
  audio: Float32Array,
): Promise<Float32Array> {
  const stream = await createChannelStream(mode, files, sessions);
  return denoiseWhole(stream, audio, ENGINES[mode].blockFrames);
}

interface Row {
  model: string;
  audioSeconds: number;
  cpu: Timed<unknown>;
  gpu: Timed<unknown>;
  agreement: string;
}

function printRows(provider: string, rows: Row[]): void {
  console.log(
    `\n${'model'.padEnd(26)} ${'audio s'.padStart(8)} ${'cpu s'.padStart(8)} ${`${provider} s`.padStart(10)} ` +
      `${'cpu RTF'.padStart(8)} ${'gpu RTF'.padStart(8)} ${'speed-up'.padStart(9)} ${'first gpu s'.padStart(11)}  agreement`,
  );
  for (const r of rows) {
    console.log(
      `${r.model.padEnd(26)} ${r.audioSeconds.toFixed(0).padStart(8)} ${r.cpu.median.toFixed(3).padStart(8)} ` +
        `${r.gpu.median.toFixed(3).padStart(10)} ${(r.cpu.median / r.audioSeconds).toFixed(4).padStart(8)} ` +
        `${(r.gpu.median / r.audioSeconds).toFixed(4).padStart(8)} ${`×${(r.cpu.median / r.gpu.median).toFixed(2)}`.padStart(9)} ` +
        `${r.gpu.first.toFixed(2).padStart(11)}  ${r.agreement}`,
    );
  }
}

export async function benchGpu(): Promise<void> {
  const modelsDir = process.env.TAPEHOUSE_MODELS_DIR;
  const dataDir = process.env.TAPEHOUSE_DATA_DIR;
  console.log('\n== gpu: engine model paths on the GPU provider vs cpu ==');
  const inference = describeInference({ executionProviders: null });
  console.log(
    `onnxruntime-node ${inference.version}; available: ${inference.available_providers.join(', ')}; ` +
      `selected by default: ${inference.selected_providers.join(' → ')}`,
  );
  const forced = process.env.TAPEHOUSE_BENCH_GPU_PROVIDER as ProviderName | undefined;
  const provider = forced ?? detectProviders().find((p) => p !== 'cpu');
  if (provider === undefined) {
    console.log('SKIPPED: no GPU execution provider on this machine (nothing measured).');
    return;
  }
  if (modelsDir === undefined || dataDir === undefined) {
    console.log('SKIPPED: set TAPEHOUSE_MODELS_DIR and TAPEHOUSE_DATA_DIR (nothing measured).');
    return;
  }
  const cpu = new SessionCache({ providers: ['cpu'] });
  // TAPEHOUSE_BENCH_GPU_PROVIDER=cpu dry-runs the bench itself on a machine with no GPU.
  const gpu = new SessionCache({
    providers: provider === 'cpu' ? ['cpu'] : [provider, 'cpu'],
    fallbackToCpu: false,
  });
  const rows: Row[] = [];

  const dfnDir = path.join(modelsDir, 'denoise', 'deepfilternet3');
  const dfnFiles = Object.fromEntries(ENGINES.studio.files.map((f) => [f, path.join(dfnDir, f)]));
  const noisy48 = await monoClip(
    path.join(dataDir, 'noise', 'pairs_deepfilternet', 'noisy_snr0.wav'),
    48_000,
    SECONDS,
  );
  const gtcrnFiles = { 'gtcrn_simple.onnx': path.join(modelsDir, 'denoise', 'gtcrn_simple.onnx') };
  const noisy16 = await monoClip(
    path.join(dataDir, 'noise', 'pairs_voicebank_demand', 'noisy', 'p287_003.wav'),
    16_000,
    SECONDS,
  );
  for (const [mode, files, audio, rate] of [
    ['studio', dfnFiles, noisy48, 48_000],
    ['balanced', gtcrnFiles, noisy16, 16_000],
  ] as const) {
    const onCpu = await timed(() => denoise(mode, files, cpu, audio));
    const onGpu = await timed(() => denoise(mode, files, gpu, audio));
    rows.push({
      model: `${ENGINES[mode].name} (${mode})`,
      audioSeconds: audio.length / rate,
      cpu: onCpu,
      gpu: onGpu,
      agreement: `SI-SDR of gpu vs cpu output ${siSdr(onGpu.output, onCpu.output).toFixed(1)} dB`,
    });
  }

  const nmp = path.join(modelsDir, 'midi', 'nmp.onnx');
  if (fs.existsSync(nmp)) {
    const piano = await monoClip(
      path.join(dataDir, 'noise', 'pairs_deepfilternet', 'clean_freesound_33711.wav'),
      48_000,
      SECONDS,
    );
    // Basic Pitch reads 22.05 kHz; a crude decimation is enough for a timing input.
    const audio = new Float32Array(Math.floor((piano.length * 22_050) / 48_000));
    for (let i = 0; i < audio.length; i++) audio[i] = piano[Math.floor((i * 48_000) / 22_050)]!;
    const never = new AbortController().signal;
    const run = (cache: SessionCache) => async () =>
      runModel(await cache.getSession(nmp), audio, never, () => {});
    const onCpu = await timed(run(cpu));
    const onGpu = await timed(run(gpu));
    let maxDiff = 0;
    for (let i = 0; i < onCpu.output.frames.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(onCpu.output.frames[i]! - onGpu.output.frames[i]!));
    }
    rows.push({
      model: 'Basic Pitch (midi)',
      audioSeconds: audio.length / 22_050,
      cpu: onCpu,
      gpu: onGpu,
      agreement: `max |Δ| of note posteriorgram ${maxDiff.toExponential(2)}`,
    });
  }
  printRows(provider, rows);
  console.log(
    `\n(median of ${REPEATS - 1} warm runs; 'first gpu s' is the first run, shader compilation included)`,
  );
  await cpu.disposeAll();
  await gpu.disposeAll();
}
