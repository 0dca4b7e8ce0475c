/** Peak magnitudes for drawing a waveform from decoded audio. */

/** The peak magnitude of the first channel in each of `buckets` equal slices (fewer if short). */
export function peaksOf(buffer: AudioBuffer, buckets = 1000): Float32Array {
  const data = buffer.getChannelData(0);
  const out = new Float32Array(Math.min(buckets, data.length));
  const size = data.length / out.length;
  for (let b = 0; b < out.length; b++) {
    let peak = 0;
    for (let i = Math.floor(b * size); i < Math.floor((b + 1) * size); i++) {
      peak = Math.max(peak, Math.abs(data[i]!));
    }
    out[b] = peak;
  }
  return out;
}
