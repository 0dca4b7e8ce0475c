/** Formatting for numbers the studio shows. Pure; unit-tested in test/renderer/format.test.ts. */

const MINUS = '\u2212';

/** "1 h 05 min", "12 min 30 s", "45 s"; used for uptime and audio durations. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '–';
  const s = Math.floor(totalSeconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const seconds = s % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  if (totalSeconds > 0 && totalSeconds < 1) return `${totalSeconds.toFixed(1)} s`;
  return `${seconds} s`;
}

/** "about 5 s left", "about 2 min 10 s left"; null when the engine gave no estimate. */
export function formatEta(etaSeconds: number | null): string | null {
  if (etaSeconds === null || !Number.isFinite(etaSeconds) || etaSeconds < 0) return null;
  if (etaSeconds < 1) return 'almost done';
  return `about ${formatDuration(Math.ceil(etaSeconds))} left`;
}

/** Decibel values with a real minus sign and one decimal: "−23.4 dB". */
export function formatDb(value: number, unit = 'dB'): string {
  if (value === Number.NEGATIVE_INFINITY) return `${MINUS}∞ ${unit}`;
  if (!Number.isFinite(value)) return '–';
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded < 0 ? MINUS : '';
  return `${sign}${Math.abs(rounded).toFixed(1)} ${unit}`;
}

/** "57.6 MB" (decimal units, like file managers on macOS and GNOME). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  if (bytes < 1_000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1_000;
  let unit = 0;
  while (value >= 1_000 && unit < units.length - 1) {
    value /= 1_000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** "44.1 kHz", "16 kHz". */
export function formatSampleRate(hz: number): string {
  if (!Number.isFinite(hz) || hz <= 0) return '–';
  const khz = hz / 1_000;
  return `${Number.isInteger(khz) ? khz.toFixed(0) : khz.toFixed(1)} kHz`;
}

export function formatChannels(channels: number): string {
  if (channels === 1) return 'mono';
  if (channels === 2) return 'stereo';
  return `${channels} channels`;
}

/** "audio_analysis" → "Audio analysis". */
export function formatJobType(type: string): string {
  const words = type.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : type;
}

/** Progress for display: clamped to 0–100, whole percent. */
export function clampPercent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** A timestamp in the user's locale, short: "14:03:27" today, "3 Mar, 14:03" otherwise. */
export function formatTimestamp(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : date.toLocaleString(undefined, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/**
 * A player's clock: "0:28", "12:05", "1:02:09". Whole seconds are floored, as media players do,
 * and every place that shows a length (a player, a caption, a list) uses this one function, so
 * a 28.6 s file reads 0:28 everywhere.
 */
export function formatClock(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '–:––';
  const s = Math.floor(totalSeconds);
  const hours = Math.floor(s / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
