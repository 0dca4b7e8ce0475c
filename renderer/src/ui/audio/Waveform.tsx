/**
 * A waveform drawn by wavesurfer.js from peaks the studio already has (decoded audio through
 * ./peaks.ts, or an analysis job's `waveform`), with an optional playhead (`time`) and
 * click-to-seek (`onSeek`). It plays nothing itself: the player that owns the audio moves the
 * playhead. For a waveform that is also the player, see ./use-wave-player.ts.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { WaveLook } from './wave-looks.ts';

export interface WaveformProps {
  peaks: ArrayLike<number>;
  /** Seconds the peaks span. */
  duration: number;
  look: WaveLook;
  /** The playhead, in seconds. */
  time?: number;
  /** Clicking seeks (to these seconds); without it the waveform ignores the pointer. */
  onSeek?: (seconds: number) => void;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  /** For a waveform that stands alone as an image (with its text alternative). */
  label?: string;
  /** Extra attributes tests and tools read (e.g. the number of points drawn). */
  data?: Record<`data-${string}`, string | number>;
}

export function Waveform({
  peaks,
  duration,
  look,
  time,
  onSeek,
  className,
  style,
  testId,
  label,
  data,
}: WaveformProps) {
  const box = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const seek = useRef(onSeek);
  useEffect(() => {
    seek.current = onSeek;
  });
  const interactive = onSeek !== undefined;

  useEffect(() => {
    if (!box.current) return;
    const ws = WaveSurfer.create({
      ...look,
      container: box.current,
      interact: interactive,
      peaks: [Float32Array.from(peaks)],
      duration,
    });
    const off = ws.on('interaction', (seconds) => seek.current?.(seconds));
    wave.current = ws;
    return () => {
      off();
      ws.destroy();
      wave.current = null;
    };
  }, [peaks, duration, look, interactive]);

  useEffect(() => {
    if (time !== undefined) wave.current?.setTime(time);
  }, [time]);

  return (
    <div
      ref={box}
      className={className}
      style={style}
      data-testid={testId}
      role={label ? 'img' : undefined}
      aria-label={label}
      {...data}
    />
  );
}
