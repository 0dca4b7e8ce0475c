/**
 * A/B comparison of two recordings of the same material (before and after processing): both
 * are decoded and played in sync (./synced-player.ts), and the switch only changes which of the
 * two is heard, so the difference is heard at the same word without a gap. Clicking either
 * waveform seeks both.
 */
import { useMemo, useState } from 'react';
import { SegmentedControl } from '../SegmentedControl.tsx';
import { BufferWaveform } from './BufferWaveform.tsx';
import { useDecodedAudio } from './use-decoded-audio.ts';
import { useSyncedPlayer } from './use-synced-player.ts';
import { WAVE_LOOKS } from './wave-looks.ts';
import './audio.css';

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
    return (
      <p className="audio-ab__error" role="alert">
        The comparison could not be loaded: {audio.error}
      </p>
    );
  }
  const sides = [
    { key: 'a' as const, side: a, buffer: audio.buffers?.[0] },
    { key: 'b' as const, side: b, buffer: audio.buffers?.[1] },
  ];
  return (
    <div className="audio-ab" data-testid={id('compare')}>
      <div className="audio-ab__controls">
        <button
          type="button"
          className="button"
          onClick={player.toggle}
          disabled={!player.ready}
          data-testid={id('play')}
        >
          {player.playing ? 'Pause' : 'Play'}
        </button>
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
        <span data-testid={id('time')}>{player.time.toFixed(1)} s</span>
        {!player.ready && <span>Loading the audio…</span>}
      </div>
      {sides.map(({ key, side, buffer }) =>
        buffer ? (
          <div
            key={key}
            className={`audio-ab__track${heard === key ? ' audio-ab__track--active' : ''}`}
          >
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
