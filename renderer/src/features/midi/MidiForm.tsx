/**
 * The Audio to MIDI form: the recording; whether it is a mix (separate stems first, then pick
 * the stems to transcribe) or a solo (pick the instrument, so its one track is named and voiced
 * after it); the note settings; "Transcribe to MIDI" hands them to the page.
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Fieldset, FormMessages, NumberField } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Select } from '../../ui/Select.tsx';
import { Slider } from '../../ui/Slider.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { InstallLink } from '../models/InstallLink.tsx';
import { DEFAULT_STEMS, PRESETS, SOLO_INSTRUMENTS, STEMS, type Preset } from './midi-settings.ts';
import type { MidiRequest } from './use-midi-transcription.ts';
import { useMidiAvailability } from './use-midi-availability.ts';
import styles from './Midi.module.css';

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
  onStart: (request: MidiRequest) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stems, setStems] = useState<string[]>(DEFAULT_STEMS);
  const [instrument, setInstrument] = useState('piano');
  const [split, setSplit] = useState(true);
  // The instrument preset first: fewer ghost notes is what a player expects from a piano part.
  const [preset, setPreset] = useState<Preset>('piano');
  const [onset, setOnset] = useState<number>(PRESETS.piano.onset);
  const [frame, setFrame] = useState<number>(PRESETS.piano.frame);
  const [minNote, setMinNote] = useState('128');
  const [tempo, setTempo] = useState('');
  const availability = useMidiAvailability();
  /** A stem a mix cannot be split into stays wished for but is neither ticked nor sent. */
  const chosenStems = split ? stems.filter(availability.separable) : [instrument];

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
    onStart({
      file,
      stems: chosenStems,
      options: {
        onset_threshold: onset,
        frame_threshold: frame,
        min_note_len_ms: Number(minNote) || 128,
        tempo_bpm: tempo.trim() === '' ? null : Number(tempo),
        split,
        melodia_trick: PRESETS[preset].melodia,
      },
    });
  }

  const missingStems = STEMS.filter((stem) => !availability.separable(stem.id));
  return (
    <Card title="Transcribe a recording" testId="midi-form">
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="midi-file"
        disabled={busy}
        onFile={setFile}
      />
      <Fieldset legend="What is in it">
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
      </Fieldset>
      {split ? (
        <Fieldset legend="Stems to transcribe" testId="midi-stems">
          <div className={styles.stems}>
            {STEMS.map((stem) => (
              <Toggle
                key={stem.id}
                checked={availability.separable(stem.id) && stems.includes(stem.id)}
                disabled={!availability.separable(stem.id)}
                onChange={() => toggleStem(stem.id)}
                testId={`midi-stem-${stem.id}`}
              >
                {stem.label}
                {stem.note && <em> ({stem.note})</em>}
              </Toggle>
            ))}
          </div>
          {missingStems.length > 0 && (
            <p className={styles.missing}>
              Greyed out, no installed separator makes them:{' '}
              {missingStems.map((stem) => stem.label).join(', ')}.{' '}
              <InstallLink task="stems" testId="midi-install-stems" />
            </p>
          )}
        </Fieldset>
      ) : (
        <Fieldset legend="The instrument" hint="The track is named and voiced after it.">
          <SegmentedControl
            label="The instrument"
            value={instrument}
            onChange={setInstrument}
            testId="midi-instrument"
            options={SOLO_INSTRUMENTS.map((stem) => ({
              value: stem.id,
              label: stem.label,
              testId: `midi-instrument-${stem.id}`,
            }))}
          />
        </Fieldset>
      )}
      <Fieldset legend="Notes">
        <div className={styles.options}>
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
          <Slider
            label="Onset threshold"
            min={0.05}
            max={0.95}
            step={0.05}
            value={onset}
            onChange={setOnset}
            format={(v) => v.toFixed(2)}
            hint="Higher: fewer, surer note starts."
            testId="midi-onset"
          />
          <Slider
            label="Frame threshold"
            min={0.05}
            max={0.95}
            step={0.05}
            value={frame}
            onChange={setFrame}
            format={(v) => v.toFixed(2)}
            hint="Higher: notes end sooner."
          />
          <NumberField
            label="Shortest note"
            unit="ms"
            min={10}
            max={2000}
            value={minNote}
            onChange={(e) => setMinNote(e.target.value)}
          />
          <NumberField
            label="Tempo"
            unit="BPM"
            optional
            min={30}
            max={300}
            placeholder="detect"
            value={tempo}
            onChange={(e) => setTempo(e.target.value)}
            hint="Empty: detected from the audio."
            testId="midi-tempo"
          />
        </div>
      </Fieldset>
      {availability.transcriber === false && (
        <p className={styles.missing} data-testid="midi-missing-model">
          The Basic Pitch transcription model is not installed.{' '}
          <InstallLink task="midi" testId="midi-install-model" />
        </p>
      )}
      <FormMessages error={error} testId="midi-messages" />
      <div>
        <Button
          variant="primary"
          icon="midi"
          busy={busy}
          disabled={
            !file || chosenStems.length === 0 || running || availability.transcriber === false
          }
          onClick={start}
          testId="midi-start"
        >
          Transcribe to MIDI
        </Button>
      </div>
    </Card>
  );
}
