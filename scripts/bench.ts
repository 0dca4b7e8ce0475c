/**
 * `npm run bench [-- <name>...]`: speed and memory numbers, each printed with a ratio against a
 * peer measured in the same run. Benchmarks are never unit tests: nothing here fails a build.
 */
import { benchDenoise } from './bench/denoise.ts';
import { benchEngineStartup } from './bench/engine-startup.ts';
import { benchExport } from './bench/export.ts';
import { benchGpu } from './bench/gpu.ts';
import { benchMidi } from './bench/midi.ts';
import { benchTts } from './bench/tts.ts';

const benches: Record<string, { about: string; run: () => Promise<void> }> = {
  engine: {
    about: 'engine cold start and idle memory vs a bare node:http server',
    run: () => benchEngineStartup(),
  },
  denoise: {
    about: 'noise reduction RTF and peak RSS (short vs long file) per engine vs ffmpeg afftdn',
    run: () => benchDenoise(),
  },
  midi: {
    about:
      'Basic Pitch transcription: engine (ONNX Runtime) vs @spotify/basic-pitch (TF.js), RTF and note agreement',
    run: () => benchMidi(),
  },
  export: {
    about:
      'ACX export of a one-hour narrated book (wall time, target < 60 s) vs one ffmpeg loudnorm pass',
    run: () => benchExport(),
  },
  gpu: {
    about:
      'DeepFilterNet3, GTCRN and Basic Pitch on the GPU execution provider vs cpu: RTF, speed-up, output agreement',
    run: () => benchGpu(),
  },
  tts: {
    about: 'TTS real-time factor and chars/s per engine; Piper voices vs sherpa-onnx-node',
    run: () => benchTts(),
  },
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}. Available:`);
  for (const [name, { about }] of Object.entries(benches))
    console.error(`  ${name.padEnd(10)} ${about}`);
  process.exit(2);
}
for (const name of requested.length > 0 ? requested : Object.keys(benches)) {
  await benches[name]?.run();
}
