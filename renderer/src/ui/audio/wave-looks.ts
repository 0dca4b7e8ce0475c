/**
 * How each of the studio's waveforms is drawn (wavesurfer.js options). One list, so the stems
 * mixer, the before/after comparison, the take player and the analysis result differ only here.
 */
import type { WaveSurferOptions } from 'wavesurfer.js';

export type WaveLook = Pick<
  WaveSurferOptions,
  | 'height'
  | 'waveColor'
  | 'progressColor'
  | 'cursorColor'
  | 'cursorWidth'
  | 'barWidth'
  | 'barGap'
  | 'barRadius'
  | 'normalize'
>;

export const WAVE_LOOKS = {
  /** The general player (AudioPlayer): bars, the played part in the accent. */
  player: {
    height: 40,
    waveColor: '#4a5568',
    progressColor: '#7aa2f7',
    cursorColor: '#e4e7ec',
    barWidth: 2,
    barGap: 1,
    barRadius: 1,
    normalize: true,
  },
  /** A stem's row in the mixer: compact, the mix's playhead in the accent blue. */
  mixer: { height: 48, waveColor: '#8b93a7', progressColor: '#4f6bed', cursorColor: '#1d2433' },
  /** One side of an A/B comparison. */
  compare: { height: 64, waveColor: '#8b93a7', progressColor: '#6f8cff', cursorColor: '#e6e9f2' },
  /** A narration take played through its own waveform. */
  take: {
    height: 56,
    waveColor: '#4a5568',
    progressColor: '#7aa2f7',
    cursorColor: '#e4e7ec',
    barWidth: 2,
    barGap: 1,
    normalize: true,
  },
} satisfies Record<string, WaveLook>;

/**
 * An analysis result's waveform: bars in the studio's `--waveform-fill` colour (read from the
 * stylesheet, since wavesurfer draws on a canvas, where CSS variables do not apply).
 */
export function analysisLook(element: Element = document.documentElement): WaveLook {
  const fill = getComputedStyle(element).getPropertyValue('--waveform-fill').trim() || '#7aa2f7';
  // No cursor: the result is a picture of the file, not a player.
  return {
    height: 72,
    waveColor: fill,
    progressColor: fill,
    cursorWidth: 0,
    barWidth: 2,
    barGap: 1,
  };
}
