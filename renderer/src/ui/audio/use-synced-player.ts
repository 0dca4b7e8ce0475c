/**
 * React state around a SyncedPlayer (./synced-player.ts): the playhead follows the audio every
 * frame while playing; gains can change at any time without a gap.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { METER_FLOOR_DB, SyncedPlayer } from './synced-player.ts';

const NO_PANS: readonly number[] = [];

export interface SyncedPlayback {
  ready: boolean;
  playing: boolean;
  /** The playhead, in seconds. */
  time: number;
  duration: number;
  play: () => void;
  pause: () => void;
  toggle: () => void;
  stop: () => void;
  seek: (seconds: number) => void;
  /** Each track's level now, in dBFS (for meters; read it in an animation frame). */
  levels: () => number[];
}

export function useSyncedPlayer(
  context: AudioContext | null,
  buffers: readonly AudioBuffer[] | null,
  gains: readonly number[],
  /** -1 (left) … 1 (right) per track; centred when absent. */
  pans: readonly number[] = NO_PANS,
): SyncedPlayback {
  const player = useRef<SyncedPlayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  // The gains a new player starts with (the effect below keeps a running one current).
  const gainsNow = useRef(gains);
  useEffect(() => {
    gainsNow.current = gains;
    player.current?.setGains(gains);
  }, [gains]);
  const pansNow = useRef(pans);
  useEffect(() => {
    pansNow.current = pans;
    player.current?.setPans(pans);
  }, [pans]);
  const levels = useCallback(
    () => player.current?.levels() ?? (buffers ?? []).map(() => METER_FLOOR_DB),
    [buffers],
  );

  useEffect(() => {
    if (!context || !buffers) return;
    const created = new SyncedPlayer(context, buffers, gainsNow.current, () => {
      setPlaying(false);
      setTime(0);
    });
    created.setPans(pansNow.current);
    player.current = created;
    setDuration(created.duration);
    setPlaying(false);
    setTime(0);
    return () => {
      created.dispose();
      if (player.current === created) player.current = null;
    };
  }, [context, buffers]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      if (player.current) setTime(player.current.position());
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = useCallback(() => {
    player.current?.play();
    setPlaying(player.current?.playing ?? false);
  }, []);
  const pause = useCallback(() => {
    player.current?.pause();
    setPlaying(false);
    setTime(player.current?.position() ?? 0);
  }, []);
  const stop = useCallback(() => {
    player.current?.stop();
    setPlaying(false);
    setTime(0);
  }, []);
  const toggle = useCallback(() => {
    if (player.current?.playing) pause();
    else play();
  }, [pause, play]);
  const seek = useCallback((seconds: number) => {
    player.current?.seek(seconds);
    setTime(seconds);
  }, []);

  return {
    ready: buffers !== null,
    playing,
    time,
    duration,
    play,
    pause,
    toggle,
    stop,
    seek,
    levels,
  };
}
