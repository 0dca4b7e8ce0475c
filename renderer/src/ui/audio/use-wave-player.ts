/**
 * A waveform that is also the player: wavesurfer.js loads `url` into a hidden <audio> element,
 * draws it, and plays through it, with click-to-seek. Answers the refs to place (the waveform's
 * box and the media element) and the player's state.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { WaveLook } from './wave-looks.ts';

export interface WavePlayer {
  container: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLAudioElement | null>;
  ready: boolean;
  playing: boolean;
  /** Seconds played. */
  time: number;
  /** Why the audio could not be loaded, or null. */
  failure: string | null;
  playPause: () => void;
  seek: (seconds: number) => void;
}

export function useWavePlayer(url: string, look: WaveLook): WavePlayer {
  const container = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLAudioElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const box = container.current;
    const element = media.current;
    if (!box || !element) return;
    setReady(false);
    setFailure(null);
    setTime(0);
    const ws = WaveSurfer.create({ ...look, container: box, media: element, url });
    wave.current = ws;
    const off = [
      ws.on('ready', () => setReady(true)),
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
  }, [url, look]);

  const playPause = useCallback(() => void wave.current?.playPause(), []);
  const seek = useCallback((seconds: number) => wave.current?.setTime(seconds), []);
  return { container, media, ready, playing, time, failure, playPause, seek };
}
