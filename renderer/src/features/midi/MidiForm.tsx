/**
 * The Audio to MIDI form: the recording, whether it is a mix (separate stems first) or a solo,
 * the stems to transcribe and the note settings; "Transcribe to MIDI" hands them to the page.
 */
import { useState } from 'react';
import { FileField } from '../../components/audio/FilePicker.tsx';
import { InstallLink } from '../models/InstallLink.tsx';
import { useMidiAvailability } from './use-midi-availability.ts';
import { DEFAULT_STEMS, PRESETS, STEMS, type Preset } from './midi-settings.ts';
import type { MidiOptions } from './midi-types.ts';

export function MidiForm({
  busy,
  running,
  error,
  onStart,
}: {
  busy: boolean;
  /** A transcription is still going: another cannot start yet. */
  running: boolean;
  error: string | null;
  onStart: (file: File, stems: string[], options: MidiOptions) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stems, setStems] = useState<string[]>(DEFAULT_STEMS);
  const [split, setSplit] = useState(true);
  // The instrument preset first: fewer ghost notes is what a player expects from a piano part.
  const [preset, setPreset] = useState<Preset>('piano');
  const [onset, setOnset] = useState<number>(PRESETS.piano.onset);
  const [frame, setFrame] = useState<number>(PRESETS.piano.frame);
  const availability = useMidiAvailability();
  /** A stem a mix cannot be split into stays wished for but is neither ticked nor sent. */
  const offered = (id: string) => !split || availability.separable(id);
  const chosenStems = stems.filter(offered);
  const [minNote, setMinNote] = useState(128);
  const [tempo, setTempo] = useState('');

  function choosePreset(next: Preset) {
    setPreset(next);
    setOnset(PRESETS[next].onset);
    setFrame(PRESETS[next].frame);
  }

  function toggleStem(id: string) {
    setStems((current) =>
      current.includes(id) ? current.filter((s) => s !== id) : [...current, id],
    );
  }

  function start() {
    if (!file) return;
    onStart(file, chosenStems, {
      onset_threshold: onset,
      frame_threshold: frame,
      min_note_len_ms: minNote,
      tempo_bpm: tempo.trim() === '' ? null : Number(tempo),
      split,
      melodia_trick: PRESETS[preset].melodia,
    });
  }

  return (
    <section className="card" aria-label="New transcription">
      <h2>Transcribe a recording</h2>
      <FileField
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="midi-file"
        disabled={busy}
        onFile={setFile}
      />
      <fieldset className="midi-fieldset">
        <legend>What is in it</legend>
        <label>
          <input
            type="radio"
            name="midi-split"
            checked={split}
            onChange={() => setSplit(true)}
            data-testid="midi-split-on"
          />
          <span>A mix: separate the stems first, then transcribe each one</span>
        </label>
        <label>
          <input
            type="radio"
            name="midi-split"
            checked={!split}
            onChange={() => setSplit(false)}
            data-testid="midi-split-off"
          />
          <span>A solo instrument or voice: transcribe the whole recording as one track</span>
        </label>
      </fieldset>
      <fieldset className="midi-fieldset midi-stems">
        <legend>Stems</legend>
        {STEMS.map((stem) => (
          <label key={stem.id} className={offered(stem.id) ? undefined : 'option--missing'}>
            <input
              type="checkbox"
              checked={offered(stem.id) && stems.includes(stem.id)}
              disabled={!offered(stem.id)}
              onChange={() => toggleStem(stem.id)}
              data-testid={`midi-stem-${stem.id}`}
            />
            <span>
              {stem.label}
              {stem.note && <em> ({stem.note})</em>}
              {!offered(stem.id) && (
                <>
                  {' '}
                  — no installed separator makes it{' '}
                  <InstallLink task="stems" testId={`midi-install-${stem.id}`} />
                </>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="midi-fieldset midi-options">
        <legend>Notes</legend>
        <label>
          <span>Preset</span>
          <select
            value={preset}
            onChange={(e) => choosePreset(e.target.value as Preset)}
            data-testid="midi-preset"
          >
            {Object.entries(PRESETS).map(([id, p]) => (
              <option key={id} value={id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Onset threshold {onset.toFixed(2)}</span>
          <input
            type="range"
            min={0.05}
            max={0.95}
            step={0.05}
            value={onset}
            onChange={(e) => setOnset(Number(e.target.value))}
            data-testid="midi-onset"
          />
        </label>
        <label>
          <span>Frame threshold {frame.toFixed(2)}</span>
          <input
            type="range"
            min={0.05}
            max={0.95}
            step={0.05}
            value={frame}
            onChange={(e) => setFrame(Number(e.target.value))}
          />
        </label>
        <label>
          <span>Shortest note (ms)</span>
          <input
            type="number"
            min={10}
            max={2000}
            value={minNote}
            onChange={(e) => setMinNote(Number(e.target.value))}
          />
        </label>
        <label>
          <span>Tempo (BPM, empty: detect)</span>
          <input
            type="number"
            min={30}
            max={300}
            placeholder="auto"
            value={tempo}
            onChange={(e) => setTempo(e.target.value)}
            data-testid="midi-tempo"
          />
        </label>
      </fieldset>
      {availability.transcriber === false && (
        <p className="option--missing" data-testid="midi-missing-model">
          The Basic Pitch transcription model is not installed.{' '}
          <InstallLink task="midi" testId="midi-install-model" />
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={
          !file || busy || chosenStems.length === 0 || running || availability.transcriber === false
        }
        onClick={start}
        data-testid="midi-start"
      >
        Transcribe to MIDI
      </button>
      {error && (
        <p className="midi-error" role="alert" data-testid="midi-error">
          {error}
        </p>
      )}
    </section>
  );
}
