/** Track levels for the mixer's meters: read from the player every animation frame while playing. */
import { useEffect, useState } from 'react';
import type { SyncedPlayback } from '../../ui/audio/use-synced-player.ts';

export function useMeterLevels(player: SyncedPlayback): number[] {
  const [levels, setLevels] = useState<number[]>([]);
  const { playing, levels: read } = player;
  useEffect(() => {
    if (!playing) {
      setLevels([]);
      return;
    }
    let frame = 0;
    const tick = () => {
      setLevels(read());
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, read]);
  return levels;
}
