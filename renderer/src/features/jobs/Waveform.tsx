/**
 * Draws `result.waveform` (peak amplitudes, one per time slice) as a mirrored bar plot on a
 * canvas, sharp on HiDPI screens and redrawn when the card changes width. Values are clamped
 * to 0–1; an array with a larger maximum (other units) is scaled to its own peak.
 */
import { useEffect, useRef } from 'react';

interface WaveformProps {
  peaks: readonly number[];
  label: string;
  height?: number;
}

export function Waveform({ peaks, label, height = 72 }: WaveformProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const draw = () => drawWaveform(element, peaks, height);
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [peaks, height]);

  return (
    <canvas
      ref={canvas}
      className="waveform"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid="waveform"
      data-points={peaks.length}
    />
  );
}

function drawWaveform(canvas: HTMLCanvasElement, peaks: readonly number[], height: number) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  if (width === 0) return;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);

  const styles = getComputedStyle(canvas);
  const mid = height / 2;
  ctx.fillStyle = styles.getPropertyValue('--waveform-axis').trim() || '#2a3140';
  ctx.fillRect(0, Math.floor(mid), width, 1);
  if (peaks.length === 0) return;

  const finite = peaks.map((p) => (Number.isFinite(p) ? Math.abs(p) : 0));
  const max = Math.max(...finite);
  const scale = max > 1 ? 1 / max : 1;
  // One bar per 3 CSS px at most; several peaks per bar take their maximum.
  const bars = Math.max(1, Math.min(finite.length, Math.floor(width / 3)));
  const barWidth = width / bars;
  ctx.fillStyle = styles.getPropertyValue('--waveform-fill').trim() || '#7aa2f7';
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * finite.length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * finite.length) / bars));
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, finite[i] ?? 0);
    const h = Math.max(1, Math.min(1, peak * scale) * (height - 4));
    ctx.fillRect(bar * barWidth + 0.5, mid - h / 2, Math.max(1, barWidth - 1), h);
  }
}
