/**
 * One take in a paragraph's history: its number, whether it is the active one, the voice, speed,
 * duration and how it was billed; play it, pick it as A or B for the comparison, make it active.
 */
import { formatCount } from './audiobook-format.ts';
import type { Take } from './narration-types.ts';
import { formatTakeTime, takeSpeed } from './take-timing.ts';
import bookFrameStyles from './BookFrame.module.css';
import narrationStyles from './Narration.module.css';
import { Badge } from '../../ui/Badge.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';

export function TakeRow({
  take,
  voiceName,
  playing,
  compareSide,
  activating,
  locked,
  onPlay,
  onCompare,
  onActivate,
}: {
  take: Take;
  voiceName: string;
  playing: boolean;
  compareSide: 'a' | 'b' | null;
  activating: boolean;
  locked: boolean;
  onPlay: () => void;
  onCompare: (side: 'a' | 'b') => void;
  onActivate: () => void;
}) {
  return (
    <li
      className={`${narrationStyles.take}${take.is_active ? ` ${narrationStyles.takeActive}` : ''}`}
      data-testid="take-row"
      data-take-number={take.take_number}
      data-active={take.is_active}
      data-billing={take.billing}
    >
      <IconButton
        icon={playing ? 'stop' : 'play'}
        variant={playing ? 'primary' : 'secondary'}
        size="sm"
        onClick={onPlay}
        label={`${playing ? 'Stop' : 'Play'} take ${take.take_number}`}
        testId="take-play"
      />
      <span className={narrationStyles.takeNumber}>Take {take.take_number}</span>
      {take.is_active && (
        <Badge tone="ok" testId="take-active">
          Active
        </Badge>
      )}
      <span className={narrationStyles.takeMeta}>
        <span data-testid="take-voice">{voiceName}</span>
        <span className={bookFrameStyles.dot} aria-hidden="true" />
        <span data-testid="take-speed">{takeSpeed(take).toFixed(2)}×</span>
        <span className={bookFrameStyles.dot} aria-hidden="true" />
        <span data-testid="take-duration">{formatTakeTime(take.duration_seconds)}</span>
        <span className={bookFrameStyles.dot} aria-hidden="true" />
        {take.billing === 'free_regen' ? (
          <span className={narrationStyles.takeFree} data-testid="take-billing">
            Free regeneration
          </span>
        ) : (
          <span data-testid="take-billing">Billed · {formatCount(take.credits)} credits</span>
        )}
      </span>
      <span className={narrationStyles.takeTools}>
        <span className={narrationStyles.takeAb} role="group" aria-label="Compare as">
          {(['a', 'b'] as const).map((side) => (
            <Button
              key={side}
              size="sm"
              variant="ghost"
              aria-pressed={compareSide === side}
              aria-label={`Compare take ${take.take_number} as ${side.toUpperCase()}`}
              onClick={() => onCompare(side)}
              testId={`take-compare-${side}`}
            >
              {side.toUpperCase()}
            </Button>
          ))}
        </span>
        {!take.is_active && (
          <Button
            size="sm"
            onClick={onActivate}
            disabled={activating || locked}
            title={locked ? 'Unlock the paragraph to change its active take' : undefined}
            testId="take-activate"
          >
            {activating ? 'Switching…' : 'Make active'}
          </Button>
        )}
      </span>
    </li>
  );
}
