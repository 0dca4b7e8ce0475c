/**
 * Runs the voices area's sherpa-onnx work in a child process (sherpa-voice-child.ts says why),
 * the same isolation the speech area uses for its recognizer: the child starts on first use and
 * stays up with its models loaded; one request at a time; if it dies, the request in flight
 * fails with a clear error and the next one starts a fresh child. An abort kills the child
 * (sherpa calls cannot be interrupted).
 */
import { ChildHost } from '../../../inference/child-host.ts';
import type { FromVoiceChild, SpeechSegment, ToVoiceChild } from './sherpa-voice-protocol.ts';

export class SherpaVoiceHost {
  private readonly host: ChildHost<ToVoiceChild, FromVoiceChild>;

  constructor(log: (line: string) => void = () => {}) {
    this.host = new ChildHost({
      moduleUrl: import.meta.url,
      entry: './sherpa-voice-child',
      what: 'voice analysis',
      tag: 'voices',
      log,
    });
  }

  /** Speech segments of 16 kHz mono audio by Silero VAD (`model`: silero_vad.onnx). */
  speechSegments(
    model: string,
    samples: Float32Array,
    options: { threshold?: number; signal?: AbortSignal } = {},
  ): Promise<SpeechSegment[]> {
    return this.host.exclusive(options.signal, async () => {
      const reply = await this.host.request(
        { type: 'vad', model, samples, threshold: options.threshold ?? 0.5 },
        'segments',
      );
      return reply.segments;
    });
  }

  /** A speaker embedding of 16 kHz mono audio (`model`: a WeSpeaker or 3D-Speaker export). */
  embedding(model: string, samples: Float32Array, signal?: AbortSignal): Promise<Float32Array> {
    return this.host.exclusive(signal, async () => {
      const reply = await this.host.request({ type: 'embed', model, samples }, 'embedding');
      return reply.embedding;
    });
  }

  close(): Promise<void> {
    return this.host.close();
  }
}
