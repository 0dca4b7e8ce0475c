/**
 * The active take's waveform (the audio kit's wave player, drawn from the take's own audio) with
 * play/pause and click-to-seek, and the take's text below it with the word being spoken
 * highlighted from the take's timings (sentences when the engine gave no word timings) as it
 * plays.
 */
import { useMemo } from 'react';
import { useWavePlayer } from '../../ui/audio/use-wave-player.ts';
import { WAVE_LOOKS } from '../../ui/audio/wave-looks.ts';
import type { Take } from './narration-types.ts';
import { formatTakeTime, highlightUnits, textPieces, unitAt } from './take-timing.ts';

export function TakeWaveform({ take, url }: { take: Take; url: string }) {
  const player = useWavePlayer(url, WAVE_LOOKS.take);
  const { ready, playing, time, failure } = player;
  const units = useMemo(() => highlightUnits(take.timings), [take.timings]);
  const pieces = useMemo(() => textPieces(take.text, units), [take.text, units]);
  const current = unitAt(units, time);

  return (
    <div
      className="ab-take-wave"
      data-testid="take-waveform"
      data-ready={ready}
      data-playing={playing}
      data-take-id={take.take_id}
    >
      <div className="ab-take-wave__row">
        <button
          type="button"
          className="ab-round-button"
          onClick={player.playPause}
          disabled={!ready}
          aria-label={playing ? 'Pause the active take' : 'Play the active take'}
          data-testid="take-waveform-play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <div className="ab-take-wave__canvas" ref={player.container} />
        <span className="ab-take-wave__time">
          {formatTakeTime(time)} / {formatTakeTime(take.duration_seconds)}
        </span>
      </div>
      {/* The element wavesurfer plays through; it stays hidden (the row above is its control). */}
      <audio ref={player.media} preload="auto" hidden data-testid="take-waveform-audio" />
      {failure && <p className="ab-error-text">Could not load the audio: {failure}</p>}
      <p className="ab-take-text" data-testid="take-text" data-current-unit={current}>
        {pieces.map((piece, index) =>
          piece.unit === null ? (
            <span key={index}>{piece.text}</span>
          ) : (
            <span
              key={index}
              className={piece.unit === current && time > 0 ? 'ab-word ab-word--spoken' : 'ab-word'}
              data-testid={piece.unit === current && time > 0 ? 'spoken-word' : undefined}
              onClick={() => {
                const unit = units[piece.unit ?? -1];
                if (unit) player.seek(unit.start_seconds);
              }}
            >
              {piece.text}
            </span>
          ),
        )}
      </p>
    </div>
  );
}
