/** The waveform of decoded audio (./Waveform.tsx with the peaks worked out once per buffer). */
import { useMemo } from 'react';
import { peaksOf } from './peaks.ts';
import { Waveform, type WaveformProps } from './Waveform.tsx';

export function BufferWaveform({
  buffer,
  buckets,
  ...rest
}: Omit<WaveformProps, 'peaks' | 'duration'> & { buffer: AudioBuffer; buckets?: number }) {
  const peaks = useMemo(() => peaksOf(buffer, buckets), [buffer, buckets]);
  return <Waveform peaks={peaks} duration={buffer.duration} {...rest} />;
}
