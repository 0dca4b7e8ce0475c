/**
 * A/B comparison of two recordings of the same material (before and after processing): both
 * are decoded and played in sync (./synced-player.ts), and the switch only changes which of the
 * two is heard, so the difference is heard at the same word without a gap. Clicking either
 * waveform seeks both.
 */
import { useMemo, useState } from 'react';
import { formatClock } from '../../lib/format.ts';
import { Alert } from '../Alert.tsx';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';
import { SegmentedControl } from '../SegmentedControl.tsx';
import styles from './ABPlayer.module.css';
import { BufferWaveform } from './BufferWaveform.tsx';
import { useDecodedAudio } from './use-decoded-audio.ts';
import { useSyncedPlayer } from './use-synced-player.ts';
import { WAVE_LOOKS } from './wave-looks.ts';

export interface ABSide {
  /** Names the side in test ids (`<prefix>-listen-<id>`, `<prefix>-wave-<id>`). */
  id: string;
  url: string;
  /** The switch's label, e.g. "A · Before". */
  choice: string;
  /** Above its waveform, e.g. "Before (original)". */
  title: string;
}

export function ABPlayer({
  a,
  b,
  initial = 'b',
  testIdPrefix,
}: {
  a: ABSide;
  b: ABSide;
  initial?: 'a' | 'b';
  /** Prefix of every test id. */
  testIdPrefix: string;
}) {
  const urls = useMemo(() => [a.url, b.url], [a.url, b.url]);
  const audio = useDecodedAudio(urls);
  const [heard, setHeard] = useState<'a' | 'b'>(initial);
  const gains = useMemo(() => (heard === 'a' ? [1, 0] : [0, 1]), [heard]);
  const player = useSyncedPlayer(audio.context, audio.buffers, gains);
  const id = (name: string) => `${testIdPrefix}-${name}`;

  if (audio.error) {
    return <Alert tone="error">The comparison could not be loaded: {audio.error}</Alert>;
  }
  const sides = [
    { key: 'a' as const, side: a, buffer: audio.buffers?.[0] },
    { key: 'b' as const, side: b, buffer: audio.buffers?.[1] },
  ];
  return (
    <div className={styles.ab} data-ui="ab-player" data-testid={id('compare')}>
      <div className={styles.controls}>
        <Button
          icon={player.playing ? 'pause' : 'play'}
          onClick={player.toggle}
          disabled={!player.ready}
          testId={id('play')}
        >
          {player.playing ? 'Pause' : 'Play'}
        </Button>
        <SegmentedControl
          label="Listen to"
          value={heard}
          onChange={setHeard}
          options={sides.map(({ key, side }) => ({
            value: key,
            label: side.choice,
            testId: id(`listen-${side.id}`),
          }))}
        />
        <span className={styles.time} data-testid={id('time')}>
          {formatClock(player.time)} / {formatClock(player.duration)}
        </span>
        {!player.ready && <span className={styles.time}>Loading the audio…</span>}
      </div>
      {sides.map(({ key, side, buffer }) =>
        buffer ? (
          <div key={key} className={cx(styles.track, heard === key && styles.active)}>
            <strong>{side.title}</strong>
            <BufferWaveform
              buffer={buffer}
              look={WAVE_LOOKS.compare}
              time={player.time}
              onSeek={player.seek}
              testId={id(`wave-${side.id}`)}
            />
          </div>
        ) : null,
      )}
    </div>
  );
}
