/**
 * One take in a paragraph's history: its number, whether it is the active one, the voice, speed,
 * duration and how it was billed; play it, pick it as A or B for the comparison, make it active.
 */
import { formatCount } from './audiobook-format.ts';
import type { Take } from './narration-types.ts';
import { formatTakeTime, takeSpeed } from './take-timing.ts';

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
      className={`ab-take${take.is_active ? ' ab-take--active' : ''}`}
      data-testid="take-row"
      data-take-number={take.take_number}
      data-active={take.is_active}
      data-billing={take.billing}
    >
      <button
        type="button"
        className="ab-round-button ab-round-button--small"
        onClick={onPlay}
        aria-label={`${playing ? 'Stop' : 'Play'} take ${take.take_number}`}
        data-testid="take-play"
      >
        {playing ? '■' : '▶'}
      </button>
      <span className="ab-take__number">Take {take.take_number}</span>
      {take.is_active && (
        <span className="badge badge--ok" data-testid="take-active">
          Active
        </span>
      )}
      <span className="ab-take__meta">
        <span data-testid="take-voice">{voiceName}</span>
        <span className="ab-dot" aria-hidden="true" />
        <span data-testid="take-speed">{takeSpeed(take).toFixed(2)}×</span>
        <span className="ab-dot" aria-hidden="true" />
        <span data-testid="take-duration">{formatTakeTime(take.duration_seconds)}</span>
        <span className="ab-dot" aria-hidden="true" />
        {take.billing === 'free_regen' ? (
          <span className="ab-take__free" data-testid="take-billing">
            Free regeneration
          </span>
        ) : (
          <span data-testid="take-billing">Billed · {formatCount(take.credits)} credits</span>
        )}
      </span>
      <span className="ab-take__tools">
        <span className="segmented ab-take__ab" role="group" aria-label="Compare as">
          {(['a', 'b'] as const).map((side) => (
            <button
              key={side}
              type="button"
              className="segmented__item"
              aria-pressed={compareSide === side}
              aria-label={`Compare take ${take.take_number} as ${side.toUpperCase()}`}
              onClick={() => onCompare(side)}
              data-testid={`take-compare-${side}`}
            >
              {side.toUpperCase()}
            </button>
          ))}
        </span>
        {!take.is_active && (
          <button
            type="button"
            className="button button--small"
            onClick={onActivate}
            disabled={activating || locked}
            title={locked ? 'Unlock the paragraph to change its active take' : undefined}
            data-testid="take-activate"
          >
            {activating ? 'Switching…' : 'Make active'}
          </button>
        )}
      </span>
    </li>
  );
}
