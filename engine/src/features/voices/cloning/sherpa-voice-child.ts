/**
 * The voices area's sherpa-onnx child process. sherpa-onnx-node carries its own ONNX Runtime and
 * ends the process on some bad inputs (SHERPA_ONNX_EXIT), so, as in the speech area, it never
 * loads into the engine: a crash here costs one request. Speaker-embedding extractors stay
 * loaded between requests (one per model file).
 */
import { createRequire } from 'node:module';
import type {
  FromVoiceChild,
  SherpaVoiceModule,
  SpeechSegment,
  ToVoiceChild,
} from './sherpa-voice-protocol.ts';

const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaVoiceModule;
const RATE = 16_000;
const WINDOW = 512;

const extractors = new Map<string, InstanceType<SherpaVoiceModule['SpeakerEmbeddingExtractor']>>();

function segments(model: string, samples: Float32Array, threshold: number): SpeechSegment[] {
  const seconds = samples.length / RATE;
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model,
        threshold,
        minSilenceDuration: 0.25,
        minSpeechDuration: 0.25,
        maxSpeechDuration: Math.max(5, seconds + 1),
        windowSize: WINDOW,
      },
      sampleRate: RATE,
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
    seconds + 5,
  );
  const out: SpeechSegment[] = [];
  const drain = (): void => {
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      out.push({
        start: segment.start / RATE,
        end: (segment.start + segment.samples.length) / RATE,
      });
      vad.pop();
    }
  };
  for (let i = 0; i + WINDOW <= samples.length; i += WINDOW) {
    vad.acceptWaveform(samples.subarray(i, i + WINDOW));
    drain();
  }
  vad.flush();
  drain();
  return out;
}

function embed(model: string, samples: Float32Array): Float32Array {
  let extractor = extractors.get(model);
  if (!extractor) {
    extractor = new sherpa.SpeakerEmbeddingExtractor({
      model,
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    });
    extractors.set(model, extractor);
  }
  const stream = extractor.createStream();
  stream.acceptWaveform({ samples, sampleRate: RATE });
  stream.inputFinished();
  if (!extractor.isReady(stream)) throw new Error('the clip is too short for a speaker embedding');
  return Float32Array.from(extractor.compute(stream, false));
}

function handle(message: ToVoiceChild): FromVoiceChild {
  switch (message.type) {
    case 'vad':
      return {
        type: 'segments',
        segments: segments(message.model, message.samples, message.threshold),
      };
    case 'embed':
      return { type: 'embedding', embedding: embed(message.model, message.samples) };
  }
}

process.on('message', (message: ToVoiceChild) => {
  let reply: FromVoiceChild;
  try {
    reply = handle(message);
  } catch (error) {
    reply = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});
process.send?.({ type: 'ready' } satisfies FromVoiceChild);
