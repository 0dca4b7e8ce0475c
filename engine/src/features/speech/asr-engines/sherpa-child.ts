/**
 * The sherpa-onnx child process. sherpa-onnx-node carries its own ONNX Runtime (1.28 in 1.13.8)
 * while the engine uses onnxruntime-node 1.30; on Windows both are `onnxruntime.dll` and the
 * second load would get the first, and sherpa ends the process on some bad inputs
 * (SHERPA_ONNX_EXIT). So it runs here, alone, and a crash costs one request, never the engine.
 */
import { createRequire } from 'node:module';
import type {
  DiarizeConfig,
  FromChild,
  RecognizedSegment,
  ToChild,
  TranscribeConfig,
  WhisperFiles,
} from './sherpa-protocol.ts';
import type { SherpaModule, SherpaRecognizer, SherpaVad } from './sherpa-types.ts';

const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
const RATE = 16_000;

function send(message: FromChild): void {
  process.send?.(message);
}

interface Session {
  config: TranscribeConfig;
  vad: SherpaVad;
  recognizer: SherpaRecognizer;
  /** Samples fed to the VAD so far (its segment starts count from 0). */
  fed: number;
  /** Samples of silence the host skipped: the VAD never saw them, the timeline must. */
  skipped: number;
}

const recognizers = new Map<string, SherpaRecognizer>();
let session: Session | null = null;

function recognizer(
  files: WhisperFiles,
  language: string | null,
  task: string,
  threads: number,
): SherpaRecognizer {
  const key = [files.encoder, files.decoder, language ?? '', task].join('\u0000');
  let found = recognizers.get(key);
  if (!found) {
    found = new sherpa.OfflineRecognizer({
      featConfig: { sampleRate: RATE, featureDim: 80 },
      modelConfig: {
        whisper: {
          encoder: files.encoder,
          decoder: files.decoder,
          language: language ?? '',
          task,
          enableTokenTimestamps: true,
        },
        tokens: files.tokens,
        numThreads: threads,
        provider: 'cpu',
        debug: 0,
      },
      decodingMethod: 'greedy_search',
    });
    recognizers.set(key, found);
  }
  return found;
}

function open(config: TranscribeConfig): void {
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model: config.vadModel,
        threshold: 0.5,
        minSilenceDuration: 0.5,
        minSpeechDuration: 0.25,
        maxSpeechDuration: config.maxSegmentSeconds,
        windowSize: 512,
      },
      sampleRate: RATE,
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
    config.maxSegmentSeconds + 30,
  );
  session = {
    config,
    vad,
    recognizer: recognizer(config.whisper, config.language, config.task, config.numThreads),
    fed: 0,
    skipped: 0,
  };
}

function decode(s: Session, start: number, samples: Float32Array): RecognizedSegment {
  const stream = s.recognizer.createStream();
  stream.acceptWaveform({ samples, sampleRate: RATE });
  s.recognizer.decode(stream);
  const result = s.recognizer.getResult(stream);
  return {
    start: start / RATE,
    end: (start + samples.length) / RATE,
    text: result.text.trim(),
    language: result.lang.replace(/<\||\|>/g, ''),
    tokens: result.tokens ?? [],
    timestamps: (result.timestamps ?? []).map((t) => t + start / RATE),
  };
}

function drain(s: Session): RecognizedSegment[] {
  const out: RecognizedSegment[] = [];
  while (!s.vad.isEmpty()) {
    const segment = s.vad.front(false);
    s.vad.pop();
    out.push(decode(s, segment.start + s.skipped, segment.samples));
  }
  return out;
}

function diarize(config: DiarizeConfig, samples: Float32Array): FromChild {
  const diarizer = new sherpa.OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: config.segmentation }, numThreads: 1, debug: 0 },
    embedding: { model: config.embedding, numThreads: 1, debug: 0 },
    clustering: { numClusters: config.numSpeakers ?? -1, threshold: config.threshold },
    minDurationOn: 0.3,
    minDurationOff: 0.5,
  });
  return { type: 'diarized', turns: diarizer.process(samples) };
}

function handle(message: ToChild): FromChild {
  switch (message.type) {
    case 'open':
      open(message.config);
      return { type: 'ready' };
    case 'audio': {
      if (!session) return { type: 'error', message: 'no open transcription' };
      const windowSize = 512;
      const { samples } = message;
      for (let i = 0; i < samples.length; i += windowSize)
        session.vad.acceptWaveform(samples.subarray(i, i + windowSize));
      session.fed += samples.length;
      return { type: 'ack', segments: drain(session) };
    }
    case 'silence': {
      if (!session) return { type: 'error', message: 'no open transcription' };
      // Seconds of nothing end whatever was being said; what the VAD holds is recognised now,
      // against the clock as it was, before the skipped stretch moves it on.
      session.vad.flush();
      const segments = drain(session);
      session.skipped += message.samples;
      return { type: 'ack', segments };
    }
    case 'end': {
      if (!session) return { type: 'error', message: 'no open transcription' };
      session.vad.flush();
      const segments = drain(session);
      session = null;
      return { type: 'ended', segments };
    }
    case 'diarize':
      return diarize(message.config, message.samples);
    case 'detect-language': {
      const lid = new sherpa.SpokenLanguageIdentification({
        whisper: { encoder: message.whisper.encoder, decoder: message.whisper.decoder },
        numThreads: 1,
        provider: 'cpu',
        debug: 0,
      });
      const stream = lid.createStream();
      stream.acceptWaveform({ samples: message.samples, sampleRate: RATE });
      return { type: 'language', language: lid.compute(stream) };
    }
  }
}

process.on('message', (message: ToChild) => {
  try {
    send(handle(message));
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
send({ type: 'ready' });
