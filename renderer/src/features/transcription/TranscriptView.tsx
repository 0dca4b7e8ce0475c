/**
 * A finished transcript beside its recording: the waveform (the audio kit's wave player, drawn
 * from the recording itself, click to seek), the speakers in their colours with their names
 * editable, the segments with clickable words following the playhead, and the exports.
 */
import { useStudioApi } from '../../data/contract-query.ts';
import { useWavePlayer } from '../../ui/audio/use-wave-player.ts';
import { WAVE_LOOKS } from '../../ui/audio/wave-looks.ts';
import { Alert } from '../../ui/Alert.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ExportBar } from './ExportBar.tsx';
import { SpeakerList } from './SpeakerList.tsx';
import { TranscriptSegmentRow } from './TranscriptSegmentRow.tsx';
import { clock, playingAt } from './transcript-time.ts';
import type { TranscriptionResult } from './transcription-types.ts';
import styles from './Transcription.module.css';

export function TranscriptView({
  result,
  audioUrl,
  save,
}: {
  result: TranscriptionResult;
  audioUrl: string;
  save: (change: () => Promise<unknown>) => Promise<void>;
}) {
  const api = useStudioApi();
  const file = result.files[0];
  const player = useWavePlayer(audioUrl, WAVE_LOOKS.take);
  const { ready, playing, time, failure } = player;
  const playingNow = playingAt(result.segments, time);
  const job = { transcription_job_id: result.job_id };
  const rename = (label: string, name: string) =>
    save(() =>
      api.put('/transcription/projects/{transcript_project_id}/speakers/{speaker_label}', {
        params: { transcript_project_id: result.project_id, speaker_label: label },
        json: { name },
      }),
    );
  const meta = [
    result.language,
    result.duration === null ? null : clock(result.duration),
    result.model,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Card title={file?.filename ?? 'Transcript'} description={meta} testId="transcript">
      <div
        className={styles.player}
        data-testid="transcript-player"
        data-ready={ready}
        data-time={time.toFixed(2)}
      >
        <IconButton
          icon={playing ? 'pause' : 'play'}
          variant="secondary"
          onClick={player.playPause}
          disabled={!ready}
          label={playing ? 'Pause' : 'Play'}
          testId="transcript-play"
        />
        <div className={styles.wave} ref={player.container} />
        <span className={styles.time} data-testid="transcript-time">
          {clock(time)}
        </span>
      </div>
      {/* The element wavesurfer plays through; the row above is its control. */}
      <audio ref={player.media} preload="auto" hidden />
      {failure && <Alert tone="error">Could not load the audio: {failure}</Alert>}
      <SpeakerList speakers={result.speakers} onRename={rename} />
      <ExportBar jobId={result.job_id} />
      {result.segments.length === 0 ? (
        <p className="muted">No speech was recognised.</p>
      ) : (
        <ol className={styles.segments}>
          {result.segments.map((segment) => (
            <TranscriptSegmentRow
              key={segment.id}
              segment={segment}
              playingWord={playingNow?.segment === segment.id ? playingNow.word : null}
              onSeek={player.seek}
              onSaveText={(text) =>
                save(() =>
                  api.patch('/transcription/transcript/{transcription_job_id}', {
                    params: job,
                    json: { segments: [{ id: segment.id, text }] },
                  }),
                )
              }
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
