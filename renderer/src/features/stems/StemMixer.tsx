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
import { formatClock } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Slider } from '../../ui/Slider.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './Stems.module.css';

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
    <Card title="Mix the stems" testId="stems-mixer">
      <div className={styles.transport}>
        <Button
          variant="primary"
          icon={player.playing ? 'pause' : 'play'}
          disabled={!ready}
          onClick={player.toggle}
        >
          {player.playing ? 'Pause' : 'Play'}
        </Button>
        <Button icon="stop" disabled={!ready} onClick={player.stop}>
          Stop
        </Button>
        <span className={styles.time} data-testid="stems-time">
          {formatClock(player.time)} / {formatClock(player.duration)}
        </span>
        <Button disabled={!ready} onClick={() => void exportMix()}>
          Download mixdown
        </Button>
        <Button disabled={!ready} onClick={exportAll} testId="stems-zip">
          Download all stems (.zip)
        </Button>
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
      {audio.error && <Alert tone="error">{audio.error}</Alert>}
      {!ready && !audio.error && <p className="muted">Loading stems…</p>}
      <ul className={styles.tracks}>
        {stems.map((s, i) => {
          const state = states[i]!;
          const buffer = buffers?.[i];
          return (
            <li key={s.stem} className={styles.track} data-testid={`stem-${s.stem}`}>
              <div className={styles.trackHead}>
                <strong>{stemLabel(s.stem)}</strong>
                <Badge tone={s.tier === 'dsp' ? 'warn' : 'ok'}>
                  {s.tier === 'dsp' ? 'Built-in · lower quality' : `Neural · ${s.engine}`}
                </Badge>
              </div>
              <div className={styles.trackControls}>
                <Button
                  size="sm"
                  aria-pressed={state.muted}
                  onClick={() => update(i, { muted: !state.muted })}
                >
                  Mute
                </Button>
                <Button
                  size="sm"
                  aria-pressed={state.solo}
                  onClick={() => update(i, { solo: !state.solo })}
                >
                  Solo
                </Button>
                <span className={styles.slider}>
                  <Slider
                    label={`${stemLabel(s.stem)} volume`}
                    hideLabel
                    min={0}
                    max={1.5}
                    step={0.01}
                    value={state.volume}
                    format={gainDb}
                    onChange={(volume) => update(i, { volume })}
                  />
                </span>
                <span className="visually-hidden" data-testid={`stem-db-${s.stem}`}>
                  {gainDb(state.volume)}
                </span>
                <span className={styles.slider}>
                  <Slider
                    label={`${stemLabel(s.stem)} pan`}
                    hideLabel
                    min={-1}
                    max={1}
                    step={0.05}
                    value={state.pan}
                    format={(pan) => `Pan ${panLabel(pan)}`}
                    onChange={(pan) => update(i, { pan })}
                  />
                </span>
                <span
                  className={styles.meter}
                  role="meter"
                  aria-label={`${stemLabel(s.stem)} level`}
                  aria-valuemin={-60}
                  aria-valuemax={0}
                  aria-valuenow={Math.round(levels[i] ?? -60)}
                  data-testid={`stem-meter-${s.stem}`}
                >
                  <span style={{ width: `${meterPercent(levels[i] ?? -60)}%` }} />
                </span>
                <ButtonLink
                  size="sm"
                  variant="ghost"
                  icon="download"
                  href={s.url}
                  download={`${baseName}_${s.stem}.wav`}
                >
                  Download
                </ButtonLink>
              </div>
              {buffer ? (
                <BufferWaveform
                  buffer={buffer}
                  buckets={MIXER_PEAKS}
                  look={WAVE_LOOKS.mixer}
                  time={player.time}
                  className={styles.wave}
                />
              ) : (
                <div className={cx(styles.wave, styles.waveEmpty)} />
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
