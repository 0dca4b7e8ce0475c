/**
 * Before/after comparison of a denoised recording: both files are fetched from the engine's
 * signed URLs and decoded with Web Audio, drawn as waveforms (wavesurfer.js, from peaks), and
 * played in sync through one audio context (both sources start at the same context time). The
 * A/B switch only changes which of the two gains is open, so the difference is heard at the same
 * word without a gap. Clicking either waveform seeks both.
 */
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';

type Side = 'before' | 'after';

/** Peak magnitudes of the first channel in `buckets` slices, for drawing. */
function peaksOf(buffer: AudioBuffer, buckets = 1000): Float32Array {
  const data = buffer.getChannelData(0);
  const out = new Float32Array(Math.min(buckets, data.length));
  const size = data.length / out.length;
  for (let b = 0; b < out.length; b++) {
    let peak = 0;
    for (let i = Math.floor(b * size); i < Math.floor((b + 1) * size); i++) {
      peak = Math.max(peak, Math.abs(data[i]!));
    }
    out[b] = peak;
  }
  return out;
}

function Wave({
  buffer,
  time,
  onSeek,
  testId,
}: {
  buffer: AudioBuffer;
  time: number;
  onSeek: (seconds: number) => void;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  useEffect(() => {
    if (!box.current) return;
    const ws = WaveSurfer.create({
      container: box.current,
      height: 64,
      waveColor: '#8b93a7',
      progressColor: '#6f8cff',
      cursorColor: '#e6e9f2',
      peaks: [peaksOf(buffer)],
      duration: buffer.duration,
    });
    ws.on('interaction', (seconds) => seek.current(seconds));
    wave.current = ws;
    return () => {
      ws.destroy();
      wave.current = null;
    };
  }, [buffer]);
  useEffect(() => {
    wave.current?.setTime(time);
  }, [time]);
  return <div ref={box} data-testid={testId} />;
}

export function BeforeAfter({ beforeUrl, afterUrl }: { beforeUrl: string; afterUrl: string }) {
  const [buffers, setBuffers] = useState<[AudioBuffer, AudioBuffer] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [side, setSide] = useState<Side>('after');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const context = useRef<AudioContext | null>(null);
  const gains = useRef<Record<Side, GainNode> | null>(null);
  const sources = useRef<AudioBufferSourceNode[]>([]);
  const started = useRef({ at: 0, offset: 0 });

  useEffect(() => {
    const abort = new AbortController();
    const ctx = new AudioContext();
    context.current = ctx;
    const before = ctx.createGain();
    const after = ctx.createGain();
    before.connect(ctx.destination);
    after.connect(ctx.destination);
    gains.current = { before, after };
    const load = async (url: string) => {
      const res = await fetch(url, { signal: abort.signal });
      if (!res.ok) throw new Error(`could not fetch the audio (HTTP ${res.status})`);
      return ctx.decodeAudioData(await res.arrayBuffer());
    };
    Promise.all([load(beforeUrl), load(afterUrl)]).then(
      (decoded) => setBuffers(decoded),
      (e: unknown) => {
        if (!abort.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      abort.abort();
      for (const s of sources.current) s.stop();
      sources.current = [];
      void ctx.close();
    };
  }, [beforeUrl, afterUrl]);

  useEffect(() => {
    if (!gains.current) return;
    gains.current.before.gain.value = side === 'before' ? 1 : 0;
    gains.current.after.gain.value = side === 'after' ? 1 : 0;
  }, [side, buffers]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const ctx = context.current;
      if (!ctx || !buffers) return;
      const now = started.current.offset + ctx.currentTime - started.current.at;
      if (now >= buffers[1].duration) {
        stop(0);
        return;
      }
      setTime(now);
    }, 50);
    return () => clearInterval(timer);
  }, [playing, buffers]);

  function stop(at: number) {
    for (const s of sources.current) s.stop();
    sources.current = [];
    started.current.offset = at;
    setTime(at);
    setPlaying(false);
  }

  function start(offset: number) {
    const ctx = context.current;
    if (!ctx || !buffers || !gains.current) return;
    void ctx.resume();
    const at = ctx.currentTime + 0.05;
    sources.current = buffers.map((buffer, i) => {
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(i === 0 ? gains.current!.before : gains.current!.after);
      source.start(at, Math.min(offset, buffer.duration));
      return source;
    });
    started.current = { at, offset };
    setPlaying(true);
  }

  function toggle() {
    if (playing) {
      const ctx = context.current;
      stop(ctx ? started.current.offset + ctx.currentTime - started.current.at : 0);
    } else {
      start(started.current.offset);
    }
  }

  function seek(seconds: number) {
    if (playing) {
      for (const s of sources.current) s.stop();
      start(seconds);
    } else {
      started.current.offset = seconds;
    }
    setTime(seconds);
  }

  if (error) {
    return (
      <p className="denoise-error" role="alert">
        The comparison could not be loaded: {error}
      </p>
    );
  }
  return (
    <div className="denoise-compare" data-testid="denoise-compare">
      <div className="denoise-controls">
        <button
          type="button"
          className="button"
          onClick={toggle}
          disabled={!buffers}
          data-testid="denoise-play"
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <span role="radiogroup" aria-label="Listen to">
          {(['before', 'after'] as const).map((s) => (
            <label key={s}>
              <input
                type="radio"
                name="denoise-ab"
                value={s}
                checked={side === s}
                onChange={() => setSide(s)}
                data-testid={`denoise-listen-${s}`}
              />{' '}
              {s === 'before' ? 'A · Before' : 'B · After'}
            </label>
          ))}
        </span>
        <span data-testid="denoise-time">{time.toFixed(1)} s</span>
        {!buffers && <span>Loading the audio…</span>}
      </div>
      {buffers && (
        <>
          <div className={`denoise-track${side === 'before' ? ' denoise-track--active' : ''}`}>
            <strong>Before (original)</strong>
            <Wave buffer={buffers[0]} time={time} onSeek={seek} testId="denoise-wave-before" />
          </div>
          <div className={`denoise-track${side === 'after' ? ' denoise-track--active' : ''}`}>
            <strong>After (denoised)</strong>
            <Wave buffer={buffers[1]} time={time} onSeek={seek} testId="denoise-wave-after" />
          </div>
        </>
      )}
    </div>
  );
}
