/**
 * The active take's waveform (the audio kit's wave player, drawn from the take's own audio) with
 * play/pause and click-to-seek, and the take's text below it with the word being spoken
 * highlighted from the take's timings (sentences when the engine gave no word timings) as it
 * plays.
 */
import { useMemo } from 'react';
import { useWavePlayer } from '../../ui/audio/use-wave-player.ts';
import { IconButton } from '../../ui/Button.tsx';
import { WAVE_LOOKS } from '../../ui/audio/wave-looks.ts';
import type { Take } from './narration-types.ts';
import { formatTakeTime, highlightUnits, textPieces, unitAt } from './take-timing.ts';
import bookFrameStyles from './BookFrame.module.css';
import narrationStyles from './Narration.module.css';

export function TakeWaveform({ take, url }: { take: Take; url: string }) {
  const player = useWavePlayer(url, WAVE_LOOKS.take);
  const { ready, playing, time, failure } = player;
  const units = useMemo(() => highlightUnits(take.timings), [take.timings]);
  const pieces = useMemo(() => textPieces(take.text, units), [take.text, units]);
  const current = unitAt(units, time);

  return (
    <div
      className={narrationStyles.takeWave}
      data-testid="take-waveform"
      data-ready={ready}
      data-playing={playing}
      data-take-id={take.take_id}
    >
      <div className={narrationStyles.takeWaveRow}>
        <IconButton
          icon={playing ? 'pause' : 'play'}
          variant="secondary"
          onClick={player.playPause}
          disabled={!ready}
          label={playing ? 'Pause the active take' : 'Play the active take'}
          testId="take-waveform-play"
        />
        <div className={narrationStyles.takeWaveCanvas} ref={player.container} />
        <span className={narrationStyles.takeWaveTime}>
          {formatTakeTime(time)} / {formatTakeTime(take.duration_seconds)}
        </span>
      </div>
      {/* The element wavesurfer plays through; it stays hidden (the row above is its control). */}
      <audio ref={player.media} preload="auto" hidden data-testid="take-waveform-audio" />
      {failure && <p className={bookFrameStyles.errorText}>Could not load the audio: {failure}</p>}
      <p className={narrationStyles.takeText} data-testid="take-text" data-current-unit={current}>
        {pieces.map((piece, index) =>
          piece.unit === null ? (
            <span key={index}>{piece.text}</span>
          ) : (
            <span
              key={index}
              className={
                piece.unit === current && time > 0
                  ? `${narrationStyles.word} ${narrationStyles.wordSpoken}`
                  : narrationStyles.word
              }
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
