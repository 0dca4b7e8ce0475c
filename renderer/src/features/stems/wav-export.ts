/**
 * Browser-side export of the stems mixer: renders the current mix (each stem at its gain, muted
 * and un-soloed stems silent) with an OfflineAudioContext and encodes it as a 16-bit WAV.
 */

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

export function encodeWav16(buffer: AudioBuffer): Blob {
  const channels = buffer.numberOfChannels;
  const frames = buffer.length;
  const data = new DataView(new ArrayBuffer(44 + frames * channels * 2));
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) data.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  data.setUint32(4, 36 + frames * channels * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true);
  data.setUint16(22, channels, true);
  data.setUint32(24, buffer.sampleRate, true);
  data.setUint32(28, buffer.sampleRate * channels * 2, true);
  data.setUint16(32, channels * 2, true);
  data.setUint16(34, 16, true);
  ascii(36, 'data');
  data.setUint32(40, frames * channels * 2, true);
  const planes = Array.from({ length: channels }, (_, c) => buffer.getChannelData(c));
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (const plane of planes) {
      const v = Math.max(-1, Math.min(1, plane[i] ?? 0));
      data.setInt16(offset, Math.round(v * 32767), true);
      offset += 2;
    }
  }
  return new Blob([data.buffer], { type: 'audio/wav' });
}
