/**
 * The state behind AudioPlayer: wavesurfer.js loads `src` into its own (unattached) media
 * element, draws the waveform from the decoded audio (or from `peaks` when the caller has them,
 * which skips decoding a long file), plays through it, and seeks by click or drag.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { WaveLook } from './wave-looks.ts';

export interface AudioPlayerState {
  container: RefObject<HTMLDivElement | null>;
  ready: boolean;
  playing: boolean;
  /** Seconds played. */
  time: number;
  duration: number;
  /** Why the audio could not be loaded, or null. */
  failure: string | null;
  playPause: () => void;
  pause: () => void;
  seek: (seconds: number) => void;
}

export function useAudioPlayer(
  src: string,
  look: WaveLook,
  known?: { peaks: ArrayLike<number>; duration: number },
): AudioPlayerState {
  const container = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(known?.duration ?? 0);
  const [failure, setFailure] = useState<string | null>(null);
  const peaks = known?.peaks;
  const knownDuration = known?.duration;

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    setReady(false);
    setFailure(null);
    setTime(0);
    const ws = WaveSurfer.create({
      ...look,
      container: box,
      url: src,
      dragToSeek: true,
      ...(peaks && knownDuration !== undefined
        ? { peaks: [Float32Array.from(peaks)], duration: knownDuration }
        : {}),
    });
    wave.current = ws;
    const off = [
      ws.on('ready', (seconds) => {
        setDuration(seconds);
        setReady(true);
      }),
      ws.on('timeupdate', (seconds) => setTime(seconds)),
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.on('error', (error) => setFailure(error.message)),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      ws.destroy();
      wave.current = null;
    };
  }, [src, look, peaks, knownDuration]);

  const playPause = useCallback(() => void wave.current?.playPause(), []);
  const pause = useCallback(() => wave.current?.pause(), []);
  const seek = useCallback((seconds: number) => {
    const ws = wave.current;
    if (!ws) return;
    ws.setTime(Math.min(Math.max(seconds, 0), ws.getDuration()));
  }, []);
  return { container, ready, playing, time, duration, failure, playPause, pause, seek };
}
