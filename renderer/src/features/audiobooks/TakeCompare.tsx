/**
 * A/B comparison of two takes: both are loaded side by side and one button switches which one
 * is heard, at the same playhead position, without stopping — so a line can be judged on the
 * same words in both readings.
 */
import { useEffect, useRef, useState } from 'react';
import type { Take } from './narration-types.ts';
import { formatTakeTime } from './take-timing.ts';
import narrationStyles from './Narration.module.css';
import { Button } from '../../ui/Button.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';

type Side = 'a' | 'b';

export function TakeCompare({ a, b, urlOf }: { a: Take; b: Take; urlOf: (take: Take) => string }) {
  const refA = useRef<HTMLAudioElement>(null);
  const refB = useRef<HTMLAudioElement>(null);
  const [side, setSide] = useState<Side>('a');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);

  useEffect(() => {
    // New pair: start again from A at the top.
    setSide('a');
    setPlaying(false);
    setTime(0);
  }, [a.take_id, b.take_id]);

  useEffect(() => {
    const elements = [refA.current, refB.current];
    const onTime = (event: Event) => {
      const target = event.target as HTMLAudioElement;
      if (!target.paused) setTime(target.currentTime);
    };
    const onEnded = () => setPlaying(false);
    for (const element of elements) {
      element?.addEventListener('timeupdate', onTime);
      element?.addEventListener('ended', onEnded);
    }
    return () => {
      for (const element of elements) {
        element?.removeEventListener('timeupdate', onTime);
        element?.removeEventListener('ended', onEnded);
      }
    };
  }, [refA, refB]);

  function element(which: Side): HTMLAudioElement | null {
    return which === 'a' ? refA.current : refB.current;
  }

  function playPause() {
    const heard = element(side);
    if (!heard) return;
    if (playing) {
      heard.pause();
      setPlaying(false);
    } else {
      void heard.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  }

  function switchTo(next: Side) {
    if (next === side) return;
    const from = element(side);
    const to = element(next);
    if (!from || !to) return;
    const at = from.currentTime;
    // The other take may be shorter: stay inside it.
    to.currentTime = Number.isFinite(to.duration) ? Math.min(at, to.duration) : at;
    if (playing) {
      from.pause();
      void to.play().catch(() => setPlaying(false));
    }
    setSide(next);
  }

  return (
    <div
      className={narrationStyles.compare}
      data-testid="take-compare"
      data-side={side}
      data-playing={playing}
    >
      <span className={narrationStyles.compareLabel}>
        A/B: take {a.take_number} vs take {b.take_number}
      </span>
      <Button size="sm" onClick={playPause} testId="compare-play">
        {playing ? 'Pause' : 'Play'}
      </Button>
      <SegmentedControl
        label="Take heard"
        value={side}
        onChange={switchTo}
        options={(['a', 'b'] as const).map((which) => ({
          value: which,
          label: `${which.toUpperCase()} · take ${(which === 'a' ? a : b).take_number}`,
          testId: `compare-${which}`,
        }))}
      />
      <span className={narrationStyles.compareTime} data-testid="compare-time">
        {formatTakeTime(time)}
      </span>
      <audio ref={refA} src={urlOf(a)} preload="auto" hidden data-testid="compare-audio-a" />
      <audio ref={refB} src={urlOf(b)} preload="auto" hidden data-testid="compare-audio-b" />
    </div>
  );
}
