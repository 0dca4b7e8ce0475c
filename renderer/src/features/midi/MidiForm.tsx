/**
 * The Audio to MIDI form: the recording, whether it is a mix (separate stems first) or a solo,
 * the stems to transcribe and the note settings; "Transcribe to MIDI" hands them to the page.
 */
import { useState } from 'react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Select } from '../../ui/Select.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
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
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="midi-file"
        disabled={busy}
        onFile={setFile}
      />
      <div className="midi-fieldset">
        <span className="field__label">What is in it</span>
        <SegmentedControl
          label="What is in it"
          stacked
          value={split ? 'mix' : 'solo'}
          onChange={(kind) => setSplit(kind === 'mix')}
          options={[
            {
              value: 'mix',
              label: 'A mix',
              detail: 'Separate the stems first, then transcribe each one',
              testId: 'midi-split-on',
            },
            {
              value: 'solo',
              label: 'A solo instrument or voice',
              detail: 'Transcribe the whole recording as one track',
              testId: 'midi-split-off',
            },
          ]}
        />
      </div>
      <div className="midi-fieldset">
        <span className="field__label" id="midi-stems-label">
          Stems to transcribe
        </span>
        <div className="midi-stems" role="group" aria-labelledby="midi-stems-label">
          {STEMS.map((stem) => (
            <Toggle
              key={stem.id}
              checked={offered(stem.id) && stems.includes(stem.id)}
              disabled={!offered(stem.id)}
              onChange={() => toggleStem(stem.id)}
              testId={`midi-stem-${stem.id}`}
            >
              {stem.label}
              {stem.note && <em> ({stem.note})</em>}
            </Toggle>
          ))}
        </div>
        {STEMS.some((stem) => !offered(stem.id)) && (
          <p className="option--missing">
            Greyed out, no installed separator makes them:{' '}
            {STEMS.filter((stem) => !offered(stem.id))
              .map((stem) => stem.label)
              .join(', ')}
            . <InstallLink task="stems" testId="midi-install-stems" />
          </p>
        )}
      </div>
      <fieldset className="midi-fieldset midi-options">
        <legend>Notes</legend>
        <Select
          label="Preset"
          testId="midi-preset"
          value={preset}
          onChange={choosePreset}
          options={(Object.keys(PRESETS) as Preset[]).map((id) => ({
            value: id,
            label: PRESETS[id].label,
          }))}
        />
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
            className="input"
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
            className="input"
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
