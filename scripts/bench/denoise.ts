/**
 * `npm run bench -- denoise`: speed and memory of noise reduction, with a peer measured in the
 * same run. A long noisy-speech file is built from the noise/ pairs (looped; FLAC, 48 kHz mono)
 * at two lengths, SHORT and LONG minutes (DENOISE_BENCH_MINUTES="2,10" by default). Each engine
 * denoises both in a fresh process exactly as a job does (streaming decode → model → encode):
 *
 * - real-time factor = processing seconds / audio seconds (lower is faster);
 * - peak RSS of the process (VmHWM) for both lengths: bounded memory means the long file's peak
 *   is about the short file's, not five times it.
 *
 * Peer: ffmpeg's classical FFT denoiser (`afftdn`) over the same long file, same output format,
 * its peak RSS read by /usr/bin/time. Models from TAPEHOUSE_MODELS_DIR, data from
 * TAPEHOUSE_DATA_DIR.
 *
 * Model-level peer (denoise-sherpa-peer.ts): the `balanced` engine's GTCRN stream against
 * sherpa-onnx-node's OfflineSpeechDenoiser on the same gtcrn_simple.onnx and the same samples
 * (the short file at 16 kHz), in this process, no decoding or encoding in either time.
 * The machine's load average is printed with the numbers: other processes on a shared machine
 * slow every row, so compare ratios taken in the same run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeAudio } from '../../engine/src/audio/decode.ts';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { ROOT } from '../ensure-studio-built.ts';
import { benchGtcrnAgainstSherpa, type ModelPeerResult } from './denoise-sherpa-peer.ts';

interface Run {
  seconds: number;
  duration: number;
  peakRssMb: number;
  noiseReductionDb?: number;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function buildInput(ffmpegPath: string, sources: string[], minutes: number, out: string): void {
  // Loop the concatenated sources until the length is reached.
  const inputs = sources.flatMap((s) => ['-stream_loop', '-1', '-i', s]);
  const concat = sources
    .map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=mono[a${i}]`)
    .join(';');
  const mix = `${concat};${sources.map((_, i) => `[a${i}]`).join('')}concat=n=${sources.length}:v=0:a=1[out]`;
  execFileSync(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    mix,
    '-map',
    '[out]',
    '-t',
    String(minutes * 60),
    '-c:a',
    'flac',
    out,
  ]);
}

function runEngine(mode: string, input: string, output: string, modelsDir: string): Run {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/bench/denoise-run.ts'),
      mode,
      input,
      output,
      modelsDir,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    fail(`denoise bench run (${mode}) failed:\n${result.stderr}\n${result.stdout}`);
  }
  return JSON.parse(line) as Run;
}

function runAfftdn(ffmpegPath: string, input: string, output: string, duration: number): Run {
  const started = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    [
      '-v',
      ffmpegPath,
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-af',
      'afftdn=nr=20:nf=-40:tn=1',
      '-c:a',
      'flac',
      output,
    ],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) fail(`afftdn failed: ${result.stderr}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? NaN);
  return { seconds, duration, peakRssMb: kb / 1024 };
}

export async function benchDenoise(): Promise<void> {
  const modelsDir = process.env.TAPEHOUSE_MODELS_DIR ?? fail('TAPEHOUSE_MODELS_DIR is not set');
  const dataDir = process.env.TAPEHOUSE_DATA_DIR ?? fail('TAPEHOUSE_DATA_DIR is not set');
  const [shortMin, longMin] = (process.env.DENOISE_BENCH_MINUTES ?? '2,10')
    .split(',')
    .map(Number) as [number, number];
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const sources = [
    path.join(dataDir, 'noise/pairs_deepfilternet/noisy_snr0.wav'),
    ...['p287_001', 'p287_002', 'p287_003'].map((n) =>
      path.join(dataDir, `noise/pairs_voicebank_demand/noisy/${n}.wav`),
    ),
  ];
  for (const s of sources) if (!fs.existsSync(s)) fail(`missing ${s}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'denoise-bench-'));
  try {
    const shortFile = path.join(tmp, `noisy-${shortMin}min.flac`);
    const longFile = path.join(tmp, `noisy-${longMin}min.flac`);
    buildInput(ffmpeg.path, sources, shortMin, shortFile);
    buildInput(ffmpeg.path, sources, longMin, longFile);
    console.log(
      `Denoise bench on ${os.cpus().length} cores (load average ${loadAverage()}): noisy speech, ${shortMin} and ${longMin} minutes (48 kHz mono FLAC)`,
    );
    const samples16k = (await decodeAudio(ffmpeg, shortFile, { sampleRate: 16_000, channels: 1 }))
      .samples;
    const modelPeer = await benchGtcrnAgainstSherpa(
      path.join(modelsDir, 'denoise/gtcrn_simple.onnx'),
      samples16k,
      tmp,
    );
    printModelPeer(modelPeer, samples16k.length / 16_000);
    console.log(
      `${'engine'.padEnd(28)}${'RTF long'.padStart(10)}${'x realtime'.padStart(12)}${'peak RSS short'.padStart(16)}${'peak RSS long'.padStart(15)}${'NR dB'.padStart(8)}`,
    );
    const peer = runAfftdn(ffmpeg.path, longFile, path.join(tmp, 'afftdn.flac'), longMin * 60);
    const rows: { name: string; short: Run; long: Run }[] = [];
    for (const mode of ['balanced', 'studio']) {
      const short = runEngine(mode, shortFile, path.join(tmp, `${mode}-short.flac`), modelsDir);
      const long = runEngine(mode, longFile, path.join(tmp, `${mode}-long.flac`), modelsDir);
      rows.push({
        name: mode === 'studio' ? 'studio (DeepFilterNet3)' : 'balanced (GTCRN)',
        short,
        long,
      });
    }
    for (const { name, short, long } of rows) {
      const rtf = long.seconds / long.duration;
      console.log(
        `${name.padEnd(28)}${rtf.toFixed(3).padStart(10)}${(1 / rtf).toFixed(1).padStart(12)}${`${short.peakRssMb.toFixed(0)} MB`.padStart(16)}${`${long.peakRssMb.toFixed(0)} MB`.padStart(15)}${(long.noiseReductionDb ?? 0).toFixed(1).padStart(8)}`,
      );
    }
    const peerRtf = peer.seconds / peer.duration;
    console.log(
      `${'afftdn (ffmpeg, peer)'.padEnd(28)}${peerRtf.toFixed(3).padStart(10)}${(1 / peerRtf).toFixed(1).padStart(12)}${'-'.padStart(16)}${`${peer.peakRssMb.toFixed(0)} MB`.padStart(15)}${'-'.padStart(8)}`,
    );
    for (const { name, short, long } of rows) {
      console.log(
        `${name}: ${(long.seconds / long.duration / peerRtf).toFixed(1)}× the peer's time per audio second; ` +
          `peak RSS ${longMin} min / ${shortMin} min = ${(long.peakRssMb / short.peakRssMb).toFixed(2)} (audio ${(longMin / shortMin).toFixed(1)}× longer)`,
      );
    }
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function printModelPeer(result: ModelPeerResult | string, audioSeconds: number): void {
  if (typeof result === 'string') {
    console.log(`GTCRN model-level peer SKIPPED: ${result}`);
    return;
  }
  const ours = result.oursSeconds / audioSeconds;
  const peer = result.peerSeconds / audioSeconds;
  const oursCpu = result.oursCpuSeconds / audioSeconds;
  const peerCpu = result.peerCpuSeconds / audioSeconds;
  console.log(
    `GTCRN model-level, same gtcrn_simple.onnx and ${audioSeconds.toFixed(0)} s of 16 kHz samples, ` +
      `best of ${result.rounds} alternating rounds (outputs agree at ${result.agreementDb.toFixed(1)} dB SI-SDR):\n` +
      `  balanced engine                         RTF ${ours.toFixed(4)} wall, ${oursCpu.toFixed(4)} CPU\n` +
      `  sherpa-onnx-node OfflineSpeechDenoiser  RTF ${peer.toFixed(4)} wall, ${peerCpu.toFixed(4)} CPU\n` +
      `  ours ${(peer / ours).toFixed(2)}× sherpa's speed (wall), ${(peerCpu / oursCpu).toFixed(2)}× (CPU time)`,
  );
}
