/**
 * One measured denoise run for `npm run bench -- denoise` (denoise.ts), in its own process so
 * its peak RSS (VmHWM) is that run's alone: `tsx scripts/bench/denoise-run.ts <mode> <in> <out>`
 * denoises the file exactly as a job does (denoise-file.ts, streaming) and prints one JSON line
 * {seconds, duration, peakRssMb, noiseReductionDb}.
 */
import fs from 'node:fs';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { probeMedia } from '../../engine/src/audio/probe.ts';
import {
  createChannelStream,
  engineSessionCache,
  ENGINES,
  type EngineFiles,
  type QualityMode,
} from '../../engine/src/features/cleanup/denoise-engines.ts';
import { denoiseFile } from '../../engine/src/features/cleanup/denoise-file.ts';
import { planOutput } from '../../engine/src/features/cleanup/output-format.ts';

const [mode, input, output, modelsDir] = process.argv.slice(2) as [
  QualityMode,
  string,
  string,
  string,
];
const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
const folder = mode === 'studio' ? 'denoise/deepfilternet3' : 'denoise';
const files: EngineFiles = {};
for (const name of ENGINES[mode].files) files[name] = `${modelsDir}/${folder}/${name}`;
const info = await probeMedia(ffmpeg, input);
const sessions = engineSessionCache(mode, null);
// Load the models before the clock starts (the bench measures processing, not loading): a
// throwaway stream loads exactly the graphs, derived ones included, that the job's streams use.
await createChannelStream(mode, files, sessions);
const started = performance.now();
const result = await denoiseFile(
  {
    input,
    audioOut: output,
    videoOut: null,
    mode,
    files,
    plan: planOutput(info, input, 'flac'),
    info,
  },
  { ffmpeg, sessions },
);
const seconds = (performance.now() - started) / 1000;
const hwm = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
console.log(
  JSON.stringify({
    seconds,
    duration: result.duration_seconds,
    peakRssMb: hwm / 1024,
    noiseReductionDb: result.noise_reduction_db,
  }),
);
await sessions.disposeAll();
