/**
 * Runs sherpa-onnx in its own child process (sherpa-child.ts says why) and speaks its protocol:
 * one request at a time, audio in acknowledged chunks. The child starts on first use and stays
 * up (its models stay loaded); if it dies, the request in flight fails and the next one starts
 * a fresh child. Cancelling a request kills the child: sherpa's decode calls cannot be
 * interrupted, and a fresh start costs less than waiting out a long segment.
 */
import { ChildHost } from '../../../inference/child-host.ts';
import type {
  DiarizeConfig,
  FromChild,
  RecognizedSegment,
  SpeakerTurn,
  ToChild,
  TranscribeConfig,
} from './sherpa-protocol.ts';

/** Below −74 dBFS at every sample: digital silence or a muted input, no speech to detect. */
export const SILENCE_PEAK = 2e-4;

/**
 * A chunk with no sample above SILENCE_PEAK is not sent: running the neural VAD over hours of
 * nothing costs minutes and finds nothing. Any real room tone is above it, so speech is never
 * skipped.
 */
export function isDigitalSilence(samples: Float32Array): boolean {
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (v > SILENCE_PEAK || v < -SILENCE_PEAK) return false;
  }
  return true;
}

export class SherpaHost {
  private readonly host: ChildHost<ToChild, FromChild>;

  constructor(log: (line: string) => void = () => {}) {
    this.host = new ChildHost({
      moduleUrl: import.meta.url,
      entry: './sherpa-child',
      what: 'speech recognizer',
      tag: 'speech',
      log,
    });
  }

  /** Streams 16 kHz mono chunks through VAD + Whisper; `onSegments` hears each batch. */
  transcribe(
    config: TranscribeConfig,
    chunks: AsyncIterable<Float32Array>,
    onSegments: (segments: RecognizedSegment[]) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    return this.host.exclusive(signal, async () => {
      await this.host.request({ type: 'open', config }, 'ready');
      for await (const samples of chunks) {
        const message: ToChild = isDigitalSilence(samples)
          ? { type: 'silence', samples: samples.length }
          : { type: 'audio', samples };
        const ack = await this.host.request(message, 'ack');
        onSegments(ack.segments);
      }
      const ended = await this.host.request({ type: 'end' }, 'ended');
      onSegments(ended.segments);
    });
  }

  diarize(
    config: DiarizeConfig,
    samples: Float32Array,
    signal?: AbortSignal,
  ): Promise<SpeakerTurn[]> {
    return this.host.exclusive(
      signal,
      async () => (await this.host.request({ type: 'diarize', config, samples }, 'diarized')).turns,
    );
  }

  close(): Promise<void> {
    return this.host.close();
  }
}
