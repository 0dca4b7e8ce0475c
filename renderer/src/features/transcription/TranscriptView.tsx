/**
 * A finished transcript beside its recording: the waveform (the audio kit's wave player, drawn
 * from the recording itself, click to seek), the speakers in their colours with their names
 * editable, the segments with clickable words following the playhead, and the exports.
 */
import { useCallback } from 'react';
import { useWavePlayer } from '../../ui/audio/use-wave-player.ts';
import { WAVE_LOOKS } from '../../ui/audio/wave-looks.ts';
import { ExportBar } from './ExportBar.tsx';
import { SpeakerList } from './SpeakerList.tsx';
import { TranscriptSegmentRow } from './TranscriptSegmentRow.tsx';
import { clock, playingAt } from './transcript-time.ts';
import type { TranscriptionClient } from './transcription-client.ts';
import type { TranscriptionResult } from './transcription-types.ts';

export function TranscriptView({
  result,
  audioUrl,
  client,
  update,
}: {
  result: TranscriptionResult;
  audioUrl: string;
  client: TranscriptionClient;
  update: (change: () => Promise<TranscriptionResult>) => Promise<void>;
}) {
  const file = result.files[0];
  const player = useWavePlayer(audioUrl, WAVE_LOOKS.take);
  const { ready, playing, time, failure } = player;
  const playingNow = playingAt(result.segments, time);
  const seek = useCallback(
    (seconds: number) => {
      player.seek(seconds);
    },
    [player],
  );
  const rename = (label: string, name: string) =>
    update(async () => {
      await client.nameSpeaker(result.project_id, label, name);
      return client.result(result.job_id);
    });

  return (
    <section className="card transcript" aria-label="Transcript" data-testid="transcript">
      <h2>
        {file?.filename ?? 'Transcript'}
        <span className="transcript__meta">
          {result.language && ` · ${result.language}`}
          {result.duration !== null && ` · ${clock(result.duration)}`}
          {result.model && ` · ${result.model}`}
        </span>
      </h2>
      <div
        className="transcript__player"
        data-testid="transcript-player"
        data-ready={ready}
        data-time={time.toFixed(2)}
      >
        <button
          type="button"
          className="transcript__play"
          onClick={player.playPause}
          disabled={!ready}
          aria-label={playing ? 'Pause' : 'Play'}
          data-testid="transcript-play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <div className="transcript__wave" ref={player.container} />
        <span className="transcript__time" data-testid="transcript-time">
          {clock(time)}
        </span>
      </div>
      {/* The element wavesurfer plays through; the row above is its control. */}
      <audio ref={player.media} preload="auto" hidden />
      {failure && <p className="transcript__error">Could not load the audio: {failure}</p>}
      <SpeakerList speakers={result.speakers} onRename={rename} />
      <ExportBar client={client} jobId={result.job_id} />
      {result.segments.length === 0 ? (
        <p>No speech was recognised.</p>
      ) : (
        <ol className="transcript__segments">
          {result.segments.map((segment) => (
            <TranscriptSegmentRow
              key={segment.id}
              segment={segment}
              playingWord={playingNow?.segment === segment.id ? playingNow.word : null}
              onSeek={seek}
              onSaveText={(text) => update(() => client.editText(result.job_id, segment.id, text))}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
