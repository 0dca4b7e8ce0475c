/** Playback of a transcription through Tone.js (./midi-player.ts): play, stop, per-track mute. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { MidiPlayer } from './midi-player.ts';
import type { Roll } from './midi-tracks.ts';

export interface MidiPlayback {
  muted: ReadonlySet<number>;
  /** Seconds into the roll while playing, null when stopped. */
  playhead: number | null;
  play: (roll: Roll) => Promise<void>;
  stop: () => void;
  toggleMute: (index: number) => void;
  /** Stops and unmutes every track (a new transcription). */
  reset: () => void;
}

export function useMidiPlayback(onError: (message: string) => void): MidiPlayback {
  const player = useMemo(() => new MidiPlayer(), []);
  const [muted, setMuted] = useState<Set<number>>(new Set());
  const [playhead, setPlayhead] = useState<number | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => () => player.stop(), [player]);

  const stop = useCallback(() => {
    player.stop();
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    setPlayhead(null);
  }, [player]);

  const play = useCallback(
    async (roll: Roll) => {
      const tick = () => {
        setPlayhead(player.position());
        frame.current = requestAnimationFrame(tick);
      };
      try {
        await player.play(roll, muted, () => stop());
        frame.current = requestAnimationFrame(tick);
      } catch (e) {
        onError(`Playback failed: ${errorMessage(e)}`);
      }
    },
    [player, muted, stop, onError],
  );

  const toggleMute = useCallback(
    (index: number) => {
      setMuted((current) => {
        const next = new Set(current);
        if (next.has(index)) next.delete(index);
        else next.add(index);
        player.setMuted(index, next.has(index));
        return next;
      });
    },
    [player],
  );

  const reset = useCallback(() => {
    stop();
    setMuted(new Set());
  }, [stop]);

  return { muted, playhead, play, stop, toggleMute, reset };
}
