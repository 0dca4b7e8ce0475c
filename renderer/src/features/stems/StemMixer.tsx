/**
 * The stems mixer: one row per stem with its waveform (wavesurfer.js, drawn from peaks of the
 * decoded audio), mute, solo and volume; synced playback of every stem through one Web Audio
 * context (all sources start at the same context time); downloads of each stem and of a
 * mixdown of the current mix.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { effectiveGains } from './mixer-gains.ts';
import { encodeWav16, peaksOf, renderMixdown } from './wav-export.ts';

export interface MixerStem {
  stem: string;
  url: string;
  engine: string;
  tier: 'neural' | 'dsp';
}

interface TrackState {
  volume: number;
  muted: boolean;
  solo: boolean;
}

function Waveform({ buffer, time }: { buffer: AudioBuffer; time: number }) {
  const box = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const ws = WaveSurfer.create({
      container: box.current,
      height: 48,
      waveColor: '#8b93a7',
      progressColor: '#4f6bed',
      cursorColor: '#1d2433',
      interact: false,
      peaks: [peaksOf(buffer)],
      duration: buffer.duration,
    });
    wave.current = ws;
    return () => {
      ws.destroy();
      wave.current = null;
    };
  }, [buffer]);
  useEffect(() => {
    wave.current?.setTime(time);
  }, [time]);
  return <div className="stems-wave" ref={box} />;
}

export function StemMixer({ stems, baseName }: { stems: MixerStem[]; baseName: string }) {
  const [buffers, setBuffers] = useState<(AudioBuffer | null)[]>(() => stems.map(() => null));
  const [states, setStates] = useState<TrackState[]>(() =>
    stems.map(() => ({ volume: 1, muted: false, solo: false })),
  );
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const context = useRef<AudioContext | null>(null);
  const gains = useRef<GainNode[]>([]);
  const sources = useRef<AudioBufferSourceNode[]>([]);
  const started = useRef({ at: 0, offset: 0 });

  useEffect(() => {
    const abort = new AbortController();
    const ctx = new AudioContext();
    context.current = ctx;
    Promise.all(
      stems.map(async (s) => {
        const res = await fetch(s.url, { signal: abort.signal });
        if (!res.ok) throw new Error(`${s.stem}: download failed (${res.status})`);
        return ctx.decodeAudioData(await res.arrayBuffer());
      }),
    )
      .then(setBuffers)
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      abort.abort();
      for (const src of sources.current) src.stop();
      void ctx.close();
    };
  }, [stems]);

  const effective = useMemo(() => effectiveGains(states), [states]);
  useEffect(() => {
    effective.forEach((g, i) => {
      const node = gains.current[i];
      if (node) node.gain.value = g;
    });
  }, [effective]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const ctx = context.current;
      if (ctx) setTime(started.current.offset + ctx.currentTime - started.current.at);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const ready = buffers.every((b) => b !== null);
  const duration = Math.max(0, ...buffers.map((b) => b?.duration ?? 0));

  function stop(keepTime: boolean) {
    for (const src of sources.current) {
      src.onended = null;
      src.stop();
    }
    sources.current = [];
    setPlaying(false);
    if (!keepTime) setTime(0);
  }

  async function play() {
    const ctx = context.current;
    if (!ctx || !ready) return;
    await ctx.resume();
    const offset = time >= duration ? 0 : time;
    const at = ctx.currentTime + 0.05;
    gains.current = [];
    sources.current = buffers.map((buffer, i) => {
      const gain = ctx.createGain();
      gain.gain.value = effective[i] ?? 1;
      gains.current.push(gain);
      const src = ctx.createBufferSource();
      src.buffer = buffer;
      src.connect(gain).connect(ctx.destination);
      src.start(at, offset);
      return src;
    });
    const first = sources.current[0];
    if (first) first.onended = () => stop(false);
    started.current = { at, offset };
    setPlaying(true);
  }

  async function exportMix() {
    const tracks = buffers.flatMap((buffer, i) =>
      buffer ? [{ buffer, gain: effective[i] ?? 0 }] : [],
    );
    const blob = encodeWav16(await renderMixdown(tracks));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${baseName}_mixdown.wav`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
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
          onClick={() => void (playing ? stop(true) : play())}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button" disabled={!ready} onClick={() => stop(false)}>
          Stop
        </button>
        <span className="stems-time" data-testid="stems-time">
          {time.toFixed(1)} / {duration.toFixed(1)} s
        </span>
        <button type="button" className="button" disabled={!ready} onClick={() => void exportMix()}>
          Download mixdown
        </button>
      </div>
      {error && (
        <p role="alert" className="stems-error">
          {error}
        </p>
      )}
      {!ready && !error && <p>Loading stems…</p>}
      <ul className="stems-tracks">
        {stems.map((s, i) => {
          const state = states[i]!;
          const buffer = buffers[i];
          return (
            <li key={s.stem} className="stems-track" data-testid={`stem-${s.stem}`}>
              <div className="stems-track__head">
                <strong>{s.stem}</strong>
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
                  <span className="visually-hidden">{s.stem} volume</span>
                  <input
                    type="range"
                    min={0}
                    max={1.5}
                    step={0.01}
                    value={state.volume}
                    aria-label={`${s.stem} volume`}
                    onChange={(e) => update(i, { volume: Number(e.target.value) })}
                  />
                </label>
                <a
                  className="button button--small"
                  href={s.url}
                  download={`${baseName}_${s.stem}.wav`}
                >
                  Download
                </a>
              </div>
              {buffer ? (
                <Waveform buffer={buffer} time={time} />
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
