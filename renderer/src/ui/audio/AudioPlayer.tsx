/**
 * The studio's audio player: play/pause, the waveform (click or drag on it to scrub), the clock
 * and, when given, a download link. No native <audio controls> anywhere in the studio.
 *
 * The waveform is a slider for the keyboard: ←/→ move 5 s, Page Up/Down 30 s, Home/End jump,
 * Space plays or pauses. The clock uses formatClock (../../lib/format.ts), the same function as
 * every caption that states a length.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { formatClock } from '../../lib/format.ts';
import { ButtonLink, IconButton } from '../Button.tsx';
import { cx } from '../cx.ts';
import styles from './AudioPlayer.module.css';
import { useAudioPlayer } from './use-audio-player.ts';
import { WAVE_LOOKS, type WaveLook } from './wave-looks.ts';

const STEPS: Record<string, number> = { ArrowLeft: -5, ArrowRight: 5, PageDown: -30, PageUp: 30 };

export interface AudioPlayerProps {
  src: string;
  /** What is playing, for the buttons' names ("Play Chapter 1"). */
  title: string;
  /** A download link after the clock (the same file, or a better-quality one). */
  download?: { href: string; label?: string; filename?: string };
  /** Known peaks and length: drawn without decoding the file. */
  peaks?: { peaks: ArrayLike<number>; duration: number };
  look?: WaveLook;
  compact?: boolean;
  testId?: string;
  /** Extra content after the clock (a rating, a menu). */
  extra?: ReactNode;
}

export function AudioPlayer({
  src,
  title,
  download,
  peaks,
  look = WAVE_LOOKS.player,
  compact = false,
  testId,
  extra,
}: AudioPlayerProps) {
  const player = useAudioPlayer(src, look, peaks);
  const { time, duration, ready, playing } = player;

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = STEPS[event.key];
    if (step !== undefined) player.seek(time + step);
    else if (event.key === 'Home') player.seek(0);
    else if (event.key === 'End') player.seek(duration);
    else if (event.key === ' ' || event.key === 'Enter') player.playPause();
    else return;
    event.preventDefault();
  }

  return (
    <div
      className={cx(styles.player, compact && styles.compact)}
      data-ui="audio-player"
      data-testid={testId}
      data-state={player.failure ? 'error' : !ready ? 'loading' : playing ? 'playing' : 'ready'}
      data-duration={ready ? duration.toFixed(3) : undefined}
    >
      <IconButton
        icon={playing ? 'pause' : 'play'}
        label={`${playing ? 'Pause' : 'Play'} ${title}`}
        variant="secondary"
        size={compact ? 'sm' : 'md'}
        disabled={!ready}
        onClick={player.playPause}
        testId={testId && `${testId}-play`}
      />
      <div
        ref={player.container}
        className={styles.wave}
        role="slider"
        tabIndex={0}
        aria-label={`Position in ${title}`}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
        onKeyDown={onKey}
        data-testid={testId && `${testId}-wave`}
      >
        {!ready && !player.failure && <span className={styles.status}>Loading audio…</span>}
      </div>
      {player.failure ? (
        <span className={styles.error} role="alert">
          The audio could not be loaded.
        </span>
      ) : (
        <span className={styles.time} data-testid={testId && `${testId}-time`}>
          {formatClock(time)} / {ready ? formatClock(duration) : '–:––'}
        </span>
      )}
      {download && (
        <ButtonLink
          href={download.href}
          download={download.filename ?? ''}
          variant="ghost"
          size={compact ? 'sm' : 'md'}
          icon="download"
          aria-label={download.label ?? `Download ${title}`}
          title={download.label ?? `Download ${title}`}
          testId={testId && `${testId}-download`}
        >
          {null}
        </ButtonLink>
      )}
      {extra}
    </div>
  );
}
