/**
 * A transcription's card: its status and stage while it runs, then the summary (tempo, stems
 * not transcribed, the DSP notice), play/stop, the merged download, one row per track (notes,
 * mute, downloads) and the piano roll.
 */
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { PianoRoll } from './PianoRoll.tsx';
import { STAGE_LABEL, STATUS_WORDS, stemName, tempoLine } from './midi-settings.ts';
import { trackColour, type Roll } from './midi-tracks.ts';
import { isFinished, type MidiJob } from './midi-types.ts';
import type { MidiPlayback } from './use-midi-playback.ts';
import styles from './Midi.module.css';

export function MidiResult({
  job,
  roll,
  playback,
}: {
  job: MidiJob;
  roll: Roll | null;
  playback: MidiPlayback;
}) {
  const done = job.status === 'COMPLETED' ? job : null;
  return (
    <Card
      title={job.original_filename}
      description={
        <>
          <span data-testid="midi-status" data-status={job.status}>
            {STATUS_WORDS[job.status] ?? job.status}
          </span>
          {job.status === 'PROCESSING' && (
            <span data-testid="midi-stage">
              {' '}
              · {STAGE_LABEL[job.stage ?? ''] ?? 'Working'} · {job.progress} %
            </span>
          )}
        </>
      }
      testId="midi-job"
    >
      {!isFinished(job) && (
        <ProgressBar
          value={job.progress}
          label="Transcription progress"
          indeterminate={job.status === 'PENDING'}
        />
      )}
      {job.status === 'FAILED' && (
        <Alert tone="error" testId="midi-failed">
          Transcription failed: {job.error_message}
        </Alert>
      )}
      {done && <Finished job={done} roll={roll} playback={playback} />}
    </Card>
  );
}

function Finished({
  job,
  roll,
  playback,
}: {
  job: MidiJob;
  roll: Roll | null;
  playback: MidiPlayback;
}) {
  const { muted, playhead } = playback;
  const trackStems = Object.keys(job.midi_urls);
  const dspStems = Object.entries(job.stem_engines)
    .filter(([, e]) => e.tier === 'dsp')
    .map(([s]) => s);
  return (
    <>
      <p className={styles.summary} data-testid="midi-summary">
        {tempoLine(job.detected_tempo_bpm, job.tempo_source)}
        {job.skipped_stems.length > 0 &&
          ` · not transcribed: ${job.skipped_stems.map(stemName).join(', ')}`}
      </p>
      {dspStems.length > 0 && (
        <Alert tone="warn" testId="midi-dsp-notice">
          {dspStems.map(stemName).join(', ')} came from the built-in separator, the lower quality
          tier: expect bleed from other instruments in the notes.
        </Alert>
      )}
      {job.failed_stems && (
        <Alert tone="error" testId="midi-failed-stems">
          <ul>
            {Object.entries(job.failed_stems).map(([stem, why]) => (
              <li key={stem}>
                {stemName(stem)}: {why}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className={styles.rollTools}>
        <Button
          icon="play"
          variant="primary"
          disabled={!roll || playhead !== null}
          onClick={() => roll && void playback.play(roll)}
          testId="midi-play"
        >
          Play
        </Button>
        <Button icon="stop" disabled={playhead === null} onClick={playback.stop} testId="midi-stop">
          Stop
        </Button>
        {job.merged_midi_url && (
          <ButtonLink icon="download" href={job.merged_midi_url} testId="midi-download-merged">
            Download all tracks (.mid)
          </ButtonLink>
        )}
      </div>
      <ul className={styles.tracks}>
        {trackStems.map((stem, index) => (
          <li key={stem} className={styles.track} data-testid={`midi-track-${stem}`}>
            <span className={styles.trackName}>
              <span className={styles.swatch} style={{ background: trackColour(index) }} />
              <strong data-testid={`midi-track-name-${stem}`}>{stemName(stem)}</strong> ·{' '}
              {job.note_counts[stem] ?? 0} notes
            </span>
            <Toggle
              role="switch"
              checked={muted.has(index)}
              onChange={() => playback.toggleMute(index)}
              testId={`midi-mute-${stem}`}
            >
              Mute
            </Toggle>
            <ButtonLink
              size="sm"
              variant="ghost"
              icon="download"
              href={job.midi_urls[stem]}
              testId={`midi-download-${stem}`}
            >
              {stemName(stem)} .mid
            </ButtonLink>
            {job.stem_urls[stem] && (
              <ButtonLink size="sm" variant="ghost" icon="music" href={job.stem_urls[stem]}>
                Stem audio
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
      {roll && <PianoRoll roll={roll} muted={muted} playhead={playhead} />}
    </>
  );
}
