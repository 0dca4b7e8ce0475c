/**
 * Browser-side export of the stems mixer: renders the current mix (each stem at its gain, muted
 * and un-soloed stems silent, each at its pan) with an OfflineAudioContext and encodes it as a
 * WAV of the chosen format (./wav-encode.ts).
 */
import { encodeWavPlanes, type WavFormat } from './wav-encode.ts';

export { WAV_FORMATS, type WavFormat } from './wav-encode.ts';

export interface MixTrack {
  buffer: AudioBuffer;
  gain: number;
  /** -1 (left) … 1 (right); centred when absent. */
  pan?: number;
}

export async function renderMixdown(tracks: readonly MixTrack[]): Promise<AudioBuffer> {
  const first = tracks[0];
  if (!first) throw new Error('nothing to mix');
  const length = Math.max(...tracks.map((t) => t.buffer.length));
  const ctx = new OfflineAudioContext(2, length, first.buffer.sampleRate);
  for (const track of tracks) {
    if (track.gain <= 0) continue;
    const source = ctx.createBufferSource();
    source.buffer = track.buffer;
    const gain = ctx.createGain();
    gain.gain.value = track.gain;
    const panner = ctx.createStereoPanner();
    panner.pan.value = track.pan ?? 0;
    source.connect(gain).connect(panner).connect(ctx.destination);
    source.start();
  }
  return ctx.startRendering();
}

export function encodeWav(buffer: AudioBuffer, format: WavFormat): Blob {
  const planes = Array.from({ length: buffer.numberOfChannels }, (_, c) =>
    buffer.getChannelData(c),
  );
  return new Blob([encodeWavPlanes(planes, buffer.sampleRate, format)], { type: 'audio/wav' });
}

export function encodeWav16(buffer: AudioBuffer): Blob {
  return encodeWav(buffer, 'pcm16');
}
