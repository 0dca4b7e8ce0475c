/**
 * The active take's waveform (wavesurfer.js, drawn from the take's own audio) with play/pause
 * and click-to-seek, and the take's text below it with the word being spoken highlighted from
 * the take's timings (sentences when the engine gave no word timings) as it plays.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { Take } from './narration-types.ts';
import { formatTakeTime, highlightUnits, textPieces, unitAt } from './take-timing.ts';

export function TakeWaveform({ take, url }: { take: Take; url: string }) {
  const box = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLAudioElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const units = useMemo(() => highlightUnits(take.timings), [take.timings]);
  const pieces = useMemo(() => textPieces(take.text, units), [take.text, units]);
  const current = unitAt(units, time);

  useEffect(() => {
    const container = box.current;
    const element = media.current;
    if (!container || !element) return;
    setReady(false);
    setFailure(null);
    setTime(0);
    const ws = WaveSurfer.create({
      container,
      media: element,
      url,
      height: 56,
      waveColor: '#4a5568',
      progressColor: '#7aa2f7',
      cursorColor: '#e4e7ec',
      barWidth: 2,
      barGap: 1,
      normalize: true,
    });
    wave.current = ws;
    const off = [
      ws.on('ready', () => setReady(true)),
      ws.on('timeupdate', (seconds) => setTime(seconds)),
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.on('error', (error) => setFailure(error.message)),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      ws.destroy();
      wave.current = null;
    };
  }, [url]);

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
          onClick={() => void wave.current?.playPause()}
          disabled={!ready}
          aria-label={playing ? 'Pause the active take' : 'Play the active take'}
          data-testid="take-waveform-play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <div className="ab-take-wave__canvas" ref={box} />
        <span className="ab-take-wave__time">
          {formatTakeTime(time)} / {formatTakeTime(take.duration_seconds)}
        </span>
      </div>
      {/* The element wavesurfer plays through; it stays hidden (the row above is its control). */}
      <audio ref={media} preload="auto" hidden data-testid="take-waveform-audio" />
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
                if (unit && wave.current) wave.current.setTime(unit.start_seconds);
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
