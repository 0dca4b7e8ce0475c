/**
 * Runs cloned voices' synthesis in a child process (sherpa-tts-child.ts says why), apart from
 * the sample-analysis child so that a long narration never holds up a sample check. The child
 * starts on first use and keeps its models loaded; one request at a time; an abort kills it.
 */
import { ChildHost } from '../../../inference/child-host.ts';
import type { FromTtsChild, SpeakRequest, ToTtsChild } from './sherpa-tts-protocol.ts';

export class SherpaTtsHost {
  private readonly host: ChildHost<ToTtsChild, FromTtsChild>;

  constructor(log: (line: string) => void = () => {}) {
    this.host = new ChildHost({
      moduleUrl: import.meta.url,
      entry: './sherpa-tts-child',
      what: 'voice cloning model',
      tag: 'voices',
      log,
    });
  }

  speak(
    request: Omit<SpeakRequest, 'type'>,
    signal?: AbortSignal,
  ): Promise<{ samples: Float32Array; sampleRate: number }> {
    return this.host.exclusive(signal, async () => {
      const reply = await this.host.request({ type: 'speak', ...request }, 'audio');
      return { samples: reply.samples, sampleRate: reply.sampleRate };
    });
  }

  close(): Promise<void> {
    return this.host.close();
  }
}
