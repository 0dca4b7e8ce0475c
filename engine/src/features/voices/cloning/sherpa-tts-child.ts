/**
 * The voices area's cloning child process: sherpa-onnx-node's OfflineTts for ZipVoice and
 * PocketTTS packs. Like the sample-analysis child (sherpa-voice-child.ts) it never loads into
 * the engine: sherpa carries its own ONNX Runtime and ends the process on some bad inputs, so a
 * crash here costs one request. One OfflineTts stays loaded per pack (the last two used).
 */
import { createRequire } from 'node:module';
import type {
  FromTtsChild,
  SherpaTtsModel,
  SherpaTtsModule,
  SpeakRequest,
  ToTtsChild,
} from './sherpa-tts-protocol.ts';

const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaTtsModule;
const KEEP = 2;

type Tts = InstanceType<SherpaTtsModule['OfflineTts']>;
const loaded = new Map<string, Tts>();

function ttsFor(model: SherpaTtsModel, numThreads: number): Tts {
  const key = JSON.stringify([model, numThreads]);
  let tts = loaded.get(key);
  if (tts) {
    loaded.delete(key);
  } else {
    tts = new sherpa.OfflineTts({
      model: { ...model, numThreads, provider: 'cpu', debug: 0 },
      // One sentence per request already (the host splits the text).
      maxNumSentences: 1,
    });
    while (loaded.size >= KEEP) loaded.delete(loaded.keys().next().value ?? '');
  }
  loaded.set(key, tts);
  return tts;
}

function speak(request: SpeakRequest): FromTtsChild {
  const tts = ttsFor(request.model, request.numThreads);
  const audio = tts.generate({
    text: request.text,
    sid: 0,
    speed: request.speed,
    generationConfig: new sherpa.GenerationConfig({
      speed: request.speed,
      referenceAudio: request.reference,
      referenceSampleRate: request.referenceRate,
      referenceText: request.referenceText,
      numSteps: request.numSteps,
      // Silences as the model makes them (sherpa's default 0.2 shortens them).
      silenceScale: 1,
      extra: { seed: request.seed, max_reference_audio_len: 30 },
    }),
  });
  if (audio.samples.length === 0)
    return { type: 'error', message: 'the model produced no audio for this text' };
  return { type: 'audio', samples: Float32Array.from(audio.samples), sampleRate: audio.sampleRate };
}

process.on('message', (message: ToTtsChild) => {
  let reply: FromTtsChild;
  try {
    reply = speak(message);
  } catch (error) {
    reply = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});
process.send?.({ type: 'ready' } satisfies FromTtsChild);
