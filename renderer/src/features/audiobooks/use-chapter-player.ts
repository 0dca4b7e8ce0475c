/**
 * Plays a chapter's paragraphs one after another through one <audio> element: when a take
 * ends the next starts, and the spoken word (the last timed unit started at the playhead) is
 * followed on every animation frame while playing, across paragraphs. J/L jump back/forward
 * a few seconds, into the previous or next paragraph when the jump leaves the current one.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { PlaylistItem } from './chapter-playlist.ts';
import { unitAt } from './take-timing.ts';

/** Seconds J and L jump. */
export const JUMP_SECONDS = 5;

export interface ChapterPlayer {
  audio: RefObject<HTMLAudioElement | null>;
  index: number;
  playing: boolean;
  /** The unit (word) being spoken in the current paragraph, -1 before the first. */
  unit: number;
  toggle: () => void;
  pause: () => void;
  /** Plays paragraph `index` from `at` seconds (negative: that far before its end). */
  go: (index: number, at?: number) => void;
  jump: (seconds: number) => void;
}

export function useChapterPlayer(items: readonly PlaylistItem[]): ChapterPlayer {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [unit, setUnit] = useState(-1);
  /** Where to start once the next source has loaded (and whether to play). */
  const pending = useRef<{ at: number; play: boolean } | null>(null);
  const current = items[index];

  useEffect(() => {
    const element = audio.current;
    if (!element || !current) return;
    if (element.getAttribute('src') !== current.url) {
      element.src = current.url;
      setUnit(-1);
    }
  }, [current]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const onLoaded = () => {
      const wanted = pending.current;
      if (!wanted) return;
      pending.current = null;
      element.currentTime =
        wanted.at < 0
          ? Math.max(0, element.duration + wanted.at)
          : Math.min(wanted.at, element.duration);
      if (wanted.play) void element.play().catch(() => undefined);
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onEnded = () => {
      setIndex((at) => {
        if (at + 1 >= items.length) return at;
        pending.current = { at: 0, play: true };
        return at + 1;
      });
    };
    element.addEventListener('loadedmetadata', onLoaded);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    return () => {
      element.removeEventListener('loadedmetadata', onLoaded);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
    };
  }, [items.length]);

  // The highlight follows the playhead on every frame while playing.
  useEffect(() => {
    const element = audio.current;
    if (!element || !current) return;
    let frame = 0;
    const follow = () => {
      setUnit(unitAt(current.units, element.currentTime));
      if (!element.paused) frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [current, playing]);

  const go = useCallback(
    (target: number, at = 0) => {
      const element = audio.current;
      if (!element || target < 0 || target >= items.length) return;
      const play = !element.paused || playing;
      if (target === index) {
        element.currentTime = at < 0 ? Math.max(0, element.duration + at) : at;
        if (play) void element.play().catch(() => undefined);
        return;
      }
      pending.current = { at, play };
      setIndex(target);
    },
    [items.length, index, playing],
  );

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  }, []);

  const pause = useCallback(() => audio.current?.pause(), []);

  const jump = useCallback(
    (seconds: number) => {
      const element = audio.current;
      if (!element) return;
      const to = element.currentTime + seconds;
      if (to < 0 && index > 0) go(index - 1, to);
      else if (to > element.duration && index + 1 < items.length)
        go(index + 1, to - element.duration);
      else element.currentTime = Math.max(0, Math.min(to, element.duration || 0));
    },
    [go, index, items.length],
  );

  return { audio, index, playing, unit, toggle, pause, go, jump };
}
