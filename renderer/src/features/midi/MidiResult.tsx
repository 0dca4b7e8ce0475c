/**
 * A transcription's card: its status and stage while it runs, then the summary (tempo, stems
 * not transcribed, the DSP notice), play/stop, the merged download, one row per track (notes,
 * mute, downloads) and the piano roll.
 */
import { Toggle } from '../../ui/Toggle.tsx';
import { PianoRoll } from './PianoRoll.tsx';
import { STAGE_LABEL, STATUS_WORDS, stemName } from './midi-settings.ts';
import { trackColour, type Roll } from './midi-tracks.ts';
import { isFinished, type MidiJob } from './midi-types.ts';
import type { MidiPlayback } from './use-midi-playback.ts';

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
    <section className="card" aria-label="Transcription" data-testid="midi-job">
      <h2>{job.original_filename}</h2>
      <p>
        <span data-testid="midi-status" data-status={job.status}>
          {STATUS_WORDS[job.status] ?? job.status}
        </span>
        {job.status === 'PROCESSING' && (
          <span data-testid="midi-stage">
            {' '}
            · {STAGE_LABEL[job.stage ?? ''] ?? 'Working'} · {job.progress} %
          </span>
        )}
      </p>
      {!isFinished(job) && <progress className="midi-progress" max={100} value={job.progress} />}
      {job.status === 'FAILED' && (
        <p className="midi-error" role="alert" data-testid="midi-failed">
          Transcription failed: {job.error_message}
        </p>
      )}
      {done && <Finished job={done} roll={roll} playback={playback} />}
    </section>
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
      <p data-testid="midi-summary">
        Tempo {job.detected_tempo_bpm === null ? '120 (none detected)' : job.detected_tempo_bpm} BPM
        {job.tempo_source === 'override' ? ' (as you set it)' : ''}
        {job.skipped_stems.length > 0 && ` · not transcribed: ${job.skipped_stems.join(', ')}`}
      </p>
      {dspStems.length > 0 && (
        <p className="midi-notice" data-testid="midi-dsp-notice">
          {dspStems.join(', ')} came from the built-in DSP separator, the lower quality tier: expect
          bleed from other instruments in the notes.
        </p>
      )}
      {job.failed_stems && (
        <ul className="midi-error" data-testid="midi-failed-stems">
          {Object.entries(job.failed_stems).map(([stem, why]) => (
            <li key={stem}>
              {stem}: {why}
            </li>
          ))}
        </ul>
      )}
      <div className="midi-controls">
        <button
          type="button"
          className="button"
          disabled={!roll || playhead !== null}
          onClick={() => roll && void playback.play(roll)}
          data-testid="midi-play"
        >
          Play
        </button>
        <button
          type="button"
          className="button"
          disabled={playhead === null}
          onClick={playback.stop}
          data-testid="midi-stop"
        >
          Stop
        </button>
        {job.merged_midi_url && (
          <a className="button" href={job.merged_midi_url} data-testid="midi-download-merged">
            Download merged .mid
          </a>
        )}
      </div>
      <ul className="midi-tracks">
        {trackStems.map((stem, index) => (
          <li key={stem} data-testid={`midi-track-${stem}`}>
            <span className="midi-swatch" style={{ background: trackColour(index) }} />
            <strong>{stemName(stem)}</strong> · {job.note_counts[stem] ?? 0} notes
            <Toggle
              role="switch"
              checked={muted.has(index)}
              onChange={() => playback.toggleMute(index)}
              testId={`midi-mute-${stem}`}
            >
              Mute
            </Toggle>
            <a href={job.midi_urls[stem]} data-testid={`midi-download-${stem}`}>
              {stem}.mid
            </a>
            {job.stem_urls[stem] && <a href={job.stem_urls[stem]}>stem audio</a>}
          </li>
        ))}
      </ul>
      {roll && <PianoRoll roll={roll} muted={muted} playhead={playhead} />}
    </>
  );
}
