/**
 * The stems mixer: one row per stem with its waveform, mute, solo and volume; synced playback
 * of every stem through one Web Audio context (the audio kit's synced player: all sources start
 * at the same context time); downloads of each stem and of a mixdown of the current mix.
 */
import { useMemo, useState } from 'react';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { BufferWaveform } from '../../ui/audio/BufferWaveform.tsx';
import { useDecodedAudio } from '../../ui/audio/use-decoded-audio.ts';
import { useSyncedPlayer } from '../../ui/audio/use-synced-player.ts';
import { WAVE_LOOKS } from '../../ui/audio/wave-looks.ts';
import { effectiveGains, gainDb, meterPercent, panLabel } from './mixer-gains.ts';
import { useMeterLevels } from './use-meter-levels.ts';
import { stemLabel } from './stem-words.ts';
import { zipStems } from './stems-zip.ts';
import { encodeWav, renderMixdown, WAV_FORMATS, type WavFormat } from './wav-export.ts';

function saveBlob(blob: Blob, name: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export interface MixerStem {
  stem: string;
  url: string;
  engine: string;
  tier: 'neural' | 'dsp';
}

interface TrackState {
  volume: number;
  /** -1 (left) … 1 (right). */
  pan: number;
  muted: boolean;
  solo: boolean;
}

/** The mixer's waveforms were always drawn from 800 peaks. */
const MIXER_PEAKS = 800;

export function StemMixer({ stems, baseName }: { stems: MixerStem[]; baseName: string }) {
  const urls = useMemo(() => stems.map((s) => s.url), [stems]);
  const audio = useDecodedAudio(
    urls,
    (index, status) => `${stems[index]?.stem ?? 'stem'}: download failed (${status})`,
  );
  const [states, setStates] = useState<TrackState[]>(() =>
    stems.map(() => ({ volume: 1, pan: 0, muted: false, solo: false })),
  );
  const effective = useMemo(() => effectiveGains(states), [states]);
  const pans = useMemo(() => states.map((s) => s.pan), [states]);
  const player = useSyncedPlayer(audio.context, audio.buffers, effective, pans);
  const levels = useMeterLevels(player);
  const { buffers } = audio;
  const [format, setFormat] = useState<WavFormat>('pcm24');
  const ready = buffers !== null;

  async function exportMix() {
    const tracks = (buffers ?? []).map((buffer, i) => ({
      buffer,
      gain: effective[i] ?? 0,
      pan: states[i]?.pan ?? 0,
    }));
    saveBlob(encodeWav(await renderMixdown(tracks), format), `${baseName} - mixdown.wav`);
  }

  function exportAll() {
    const zip = zipStems(
      baseName,
      (buffers ?? []).map((buffer, i) => ({
        stem: stems[i]?.stem ?? `stem${i + 1}`,
        planes: Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c)),
        sampleRate: buffer.sampleRate,
      })),
      format,
    );
    saveBlob(
      new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      `${baseName} - stems.zip`,
    );
  }

  const update = (i: number, patch: Partial<TrackState>) =>
    setStates((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <section className="stems-mixer" aria-label="Stems mixer">
      <div className="stems-transport">
        <button
          type="button"
          className="button button--primary"
          disabled={!ready}
          onClick={player.toggle}
        >
          {player.playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button" disabled={!ready} onClick={player.stop}>
          Stop
        </button>
        <span className="stems-time" data-testid="stems-time">
          {player.time.toFixed(1)} / {player.duration.toFixed(1)} s
        </span>
        <button type="button" className="button" disabled={!ready} onClick={() => void exportMix()}>
          Download mixdown
        </button>
        <button
          type="button"
          className="button"
          disabled={!ready}
          onClick={exportAll}
          data-testid="stems-zip"
        >
          Download all stems (.zip)
        </button>
        <SegmentedControl
          label="Download format"
          testId="stems-format"
          value={format}
          onChange={setFormat}
          options={(Object.keys(WAV_FORMATS) as WavFormat[]).map((id) => ({
            value: id,
            label: WAV_FORMATS[id].label,
            testId: `stems-format-${id}`,
          }))}
        />
      </div>
      {audio.error && (
        <p role="alert" className="stems-error">
          {audio.error}
        </p>
      )}
      {!ready && !audio.error && <p>Loading stems…</p>}
      <ul className="stems-tracks">
        {stems.map((s, i) => {
          const state = states[i]!;
          const buffer = buffers?.[i];
          return (
            <li key={s.stem} className="stems-track" data-testid={`stem-${s.stem}`}>
              <div className="stems-track__head">
                <strong>{stemLabel(s.stem)}</strong>
                <span className={`stems-badge stems-badge--${s.tier}`}>
                  {s.tier === 'dsp' ? 'DSP · lower quality' : `neural · ${s.engine}`}
                </span>
              </div>
              <div className="stems-track__controls">
                <button
                  type="button"
                  className="button button--small"
                  aria-pressed={state.muted}
                  onClick={() => update(i, { muted: !state.muted })}
                >
                  Mute
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-pressed={state.solo}
                  onClick={() => update(i, { solo: !state.solo })}
                >
                  Solo
                </button>
                <label>
                  <span className="visually-hidden">{stemLabel(s.stem)} volume</span>
                  <input
                    type="range"
                    min={0}
                    max={1.5}
                    step={0.01}
                    value={state.volume}
                    aria-label={`${stemLabel(s.stem)} volume`}
                    onChange={(e) => update(i, { volume: Number(e.target.value) })}
                  />
                </label>
                <span className="stems-db" data-testid={`stem-db-${s.stem}`}>
                  {gainDb(state.volume)}
                </span>
                <label className="stems-pan">
                  <span>Pan {panLabel(state.pan)}</span>
                  <input
                    type="range"
                    min={-1}
                    max={1}
                    step={0.05}
                    value={state.pan}
                    aria-label={`${stemLabel(s.stem)} pan`}
                    onChange={(e) => update(i, { pan: Number(e.target.value) })}
                    onDoubleClick={() => update(i, { pan: 0 })}
                  />
                </label>
                <span
                  className="stems-meter"
                  role="meter"
                  aria-label={`${stemLabel(s.stem)} level`}
                  aria-valuemin={-60}
                  aria-valuemax={0}
                  aria-valuenow={Math.round(levels[i] ?? -60)}
                  data-testid={`stem-meter-${s.stem}`}
                >
                  <span style={{ width: `${meterPercent(levels[i] ?? -60)}%` }} />
                </span>
                <a
                  className="button button--small"
                  href={s.url}
                  download={`${baseName}_${s.stem}.wav`}
                >
                  Download
                </a>
              </div>
              {buffer ? (
                <BufferWaveform
                  buffer={buffer}
                  buckets={MIXER_PEAKS}
                  look={WAVE_LOOKS.mixer}
                  time={player.time}
                  className="stems-wave"
                />
              ) : (
                <div className="stems-wave stems-wave--empty" />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
