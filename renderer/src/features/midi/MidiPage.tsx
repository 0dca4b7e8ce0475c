/**
 * The Audio to MIDI page: choose a recording, the stems to transcribe and the note settings,
 * start the job and follow its stages (split, transcribe, merge), then see the result as a piano
 * roll with one colour per stem, play it through Tone.js with per-track mute, and download each
 * stem's .mid or the merged multitrack file. Nothing is faked: the roll is drawn from the .mid
 * the engine wrote.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { MidiClient } from './midi-client.ts';
import { MidiPlayer } from './midi-player.ts';
import { readRoll, trackColour, type Roll } from './midi-tracks.ts';
import { isFinished, type MidiJob, type MidiOptions } from './midi-types.ts';
import { PianoRoll } from './PianoRoll.tsx';
import './midi.css';

const STEMS: { id: string; label: string; note?: string }[] = [
  { id: 'piano', label: 'Piano' },
  { id: 'bass', label: 'Bass' },
  { id: 'vocals', label: 'Vocals' },
  { id: 'guitar', label: 'Guitar', note: 'experimental' },
  { id: 'drums', label: 'Drums', note: 'never transcribed' },
  { id: 'other', label: 'Other', note: 'never transcribed' },
];

const PRESETS = {
  published: { label: 'Basic Pitch defaults', onset: 0.5, frame: 0.3, melodia: true },
  piano: { label: 'Clean piano (fewer ghost notes)', onset: 0.6, frame: 0.3, melodia: false },
} as const;
type Preset = keyof typeof PRESETS;

const STAGE_LABEL: Record<string, string> = {
  split: 'Separating stems',
  transcribe: 'Transcribing notes',
  merge: 'Writing MIDI files',
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function MidiPage() {
  const client = useMemo(() => new MidiClient(), []);
  const player = useMemo(() => new MidiPlayer(), []);
  const [file, setFile] = useState<File | null>(null);
  const [stems, setStems] = useState<string[]>(['piano', 'bass', 'vocals']);
  const [split, setSplit] = useState(true);
  const [preset, setPreset] = useState<Preset>('published');
  const [onset, setOnset] = useState<number>(PRESETS.published.onset);
  const [frame, setFrame] = useState<number>(PRESETS.published.frame);
  const [minNote, setMinNote] = useState(128);
  const [tempo, setTempo] = useState('');
  const [job, setJob] = useState<MidiJob | null>(null);
  const [roll, setRoll] = useState<Roll | null>(null);
  const [muted, setMuted] = useState<Set<number>>(new Set());
  const [playhead, setPlayhead] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const frameRequest = useRef<number | null>(null);

  useEffect(() => {
    if (!job || isFinished(job)) return;
    const abort = new AbortController();
    const timer = setInterval(() => {
      // Progress from /jobs/{id}; the MIDI job itself (with its URLs) once it has ended.
      client
        .progress(job.id, abort.signal)
        .then(async (progress) => {
          if (['completed', 'failed', 'cancelled'].includes(progress.status)) {
            setJob(await client.job(job.id, abort.signal));
            return;
          }
          const stage = progress.stage;
          setJob((current) =>
            current === null
              ? current
              : {
                  ...current,
                  status: progress.status === 'running' ? 'PROCESSING' : 'PENDING',
                  progress: Math.round(progress.progress),
                  stage:
                    stage === 'split' || stage === 'transcribe' || stage === 'merge' ? stage : null,
                },
          );
        })
        .catch((e: unknown) => {
          if (!abort.signal.aborted) setError(message(e));
        });
    }, 500);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [client, job]);

  const mergedUrl = job?.status === 'COMPLETED' ? job.merged_midi_url : null;
  useEffect(() => {
    if (!mergedUrl) return;
    const abort = new AbortController();
    client.midiBytes(mergedUrl, abort.signal).then(
      (bytes) => setRoll(readRoll(bytes)),
      (e: unknown) => {
        if (!abort.signal.aborted) setError(message(e));
      },
    );
    return () => abort.abort();
    // A fresh status poll mints a new URL for the same file: load once per job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, job?.id, mergedUrl !== null]);

  useEffect(() => () => player.stop(), [player]);

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

  async function start() {
    if (!file) return;
    stop();
    setBusy(true);
    setError(null);
    setJob(null);
    setRoll(null);
    setMuted(new Set());
    const options: MidiOptions = {
      onset_threshold: onset,
      frame_threshold: frame,
      min_note_len_ms: minNote,
      tempo_bpm: tempo.trim() === '' ? null : Number(tempo),
      split,
      melodia_trick: PRESETS[preset].melodia,
    };
    try {
      setJob(await client.start(file, stems, options));
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  function tick() {
    setPlayhead(player.position());
    frameRequest.current = requestAnimationFrame(tick);
  }

  async function play() {
    if (!roll) return;
    try {
      await player.play(roll, muted, () => stop());
      frameRequest.current = requestAnimationFrame(tick);
    } catch (e) {
      setError(`Playback failed: ${message(e)}`);
    }
  }

  function stop() {
    player.stop();
    if (frameRequest.current !== null) cancelAnimationFrame(frameRequest.current);
    frameRequest.current = null;
    setPlayhead(null);
  }

  function toggleMute(index: number) {
    setMuted((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      player.setMuted(index, next.has(index));
      return next;
    });
  }

  const done = job?.status === 'COMPLETED' ? job : null;
  const trackStems = done ? Object.keys(done.midi_urls) : [];
  const dspStems = done
    ? Object.entries(done.stem_engines)
        .filter(([, e]) => e.tier === 'dsp')
        .map(([s]) => s)
    : [];

  return (
    <div className="midi-page">
      <section className="card" aria-label="New transcription">
        <h2>Transcribe a recording</h2>
        <label className="field">
          <span>Audio or video file</span>
          <input
            type="file"
            accept="audio/*,video/*"
            data-testid="midi-file"
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
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
            <label key={stem.id}>
              <input
                type="checkbox"
                checked={stems.includes(stem.id)}
                onChange={() => toggleStem(stem.id)}
                data-testid={`midi-stem-${stem.id}`}
              />
              <span>
                {stem.label}
                {stem.note && <em> ({stem.note})</em>}
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
        <button
          type="button"
          className="button button--primary"
          disabled={!file || busy || stems.length === 0 || (job !== null && !isFinished(job))}
          onClick={() => void start()}
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

      {job && (
        <section className="card" aria-label="Transcription" data-testid="midi-job">
          <h2>{job.original_filename}</h2>
          <p>
            <span data-testid="midi-status">{job.status}</span>
            {job.status === 'PROCESSING' && (
              <span data-testid="midi-stage">
                {' '}
                · {STAGE_LABEL[job.stage ?? ''] ?? 'Working'} · {job.progress} %
              </span>
            )}
          </p>
          {!isFinished(job) && (
            <progress className="midi-progress" max={100} value={job.progress} />
          )}
          {job.status === 'FAILED' && (
            <p className="midi-error" role="alert" data-testid="midi-failed">
              Transcription failed: {job.error_message}
            </p>
          )}
          {done && (
            <>
              <p data-testid="midi-summary">
                Tempo{' '}
                {done.detected_tempo_bpm === null ? '120 (none detected)' : done.detected_tempo_bpm}{' '}
                BPM{done.tempo_source === 'override' ? ' (as you set it)' : ''}
                {done.skipped_stems.length > 0 &&
                  ` · not transcribed: ${done.skipped_stems.join(', ')}`}
              </p>
              {dspStems.length > 0 && (
                <p className="midi-notice" data-testid="midi-dsp-notice">
                  {dspStems.join(', ')} came from the built-in DSP separator, the lower quality
                  tier: expect bleed from other instruments in the notes.
                </p>
              )}
              {done.failed_stems && (
                <ul className="midi-error" data-testid="midi-failed-stems">
                  {Object.entries(done.failed_stems).map(([stem, why]) => (
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
                  onClick={() => void play()}
                  data-testid="midi-play"
                >
                  Play
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={playhead === null}
                  onClick={stop}
                  data-testid="midi-stop"
                >
                  Stop
                </button>
                {done.merged_midi_url && (
                  <a
                    className="button"
                    href={done.merged_midi_url}
                    data-testid="midi-download-merged"
                  >
                    Download merged .mid
                  </a>
                )}
              </div>
              <ul className="midi-tracks">
                {trackStems.map((stem, index) => (
                  <li key={stem} data-testid={`midi-track-${stem}`}>
                    <span className="midi-swatch" style={{ background: trackColour(index) }} />
                    <strong>{stem}</strong> · {done.note_counts[stem] ?? 0} notes
                    <label>
                      <input
                        type="checkbox"
                        checked={muted.has(index)}
                        onChange={() => toggleMute(index)}
                        data-testid={`midi-mute-${stem}`}
                      />
                      mute
                    </label>
                    <a href={done.midi_urls[stem]} data-testid={`midi-download-${stem}`}>
                      {stem}.mid
                    </a>
                    {done.stem_urls[stem] && <a href={done.stem_urls[stem]}>stem audio</a>}
                  </li>
                ))}
              </ul>
              {roll && <PianoRoll roll={roll} muted={muted} playhead={playhead} />}
            </>
          )}
        </section>
      )}
    </div>
  );
}
