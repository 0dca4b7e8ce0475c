/**
 * Every stem the DSP tier can produce, as a sum of base masks (dsp-masks.ts), each optionally
 * limited to a frequency band (bands.ts). This table IS the tier's capability list: a stem not
 * named here is one the DSP tier cannot make, and the planner reports it as such instead of
 * handing back the mix under that name.
 *
 * Drum-kit pieces are the percussive share split by band (kick below ~120 Hz, hi-hat above
 * ~6 kHz, snare between): a crude split, honest only because every response labels this tier.
 */
import type { BaseStem } from './dsp-masks.ts';

export interface MaskTerm {
  base: BaseStem;
  /** Band in Hz, [from, to); absent = the whole spectrum. */
  band?: [number, number];
}

const KICK_TOP_HZ = 120;
const HIHAT_BOTTOM_HZ = 6000;
const SUB_BASS_TOP_HZ = 70;

export const DSP_RECIPES: Readonly<Record<string, readonly MaskTerm[]>> = {
  vocals: [{ base: 'vocals' }],
  drums: [{ base: 'drums' }],
  bass: [{ base: 'bass' }],
  other: [{ base: 'other' }],
  no_vocals: [{ base: 'drums' }, { base: 'bass' }, { base: 'other' }],
  backing_track: [{ base: 'drums' }, { base: 'bass' }, { base: 'other' }],
  no_drums: [{ base: 'vocals' }, { base: 'bass' }, { base: 'other' }],
  no_bass: [{ base: 'vocals' }, { base: 'drums' }, { base: 'other' }],
  no_other: [{ base: 'vocals' }, { base: 'drums' }, { base: 'bass' }],
  kick: [{ base: 'drums', band: [0, KICK_TOP_HZ] }],
  snare: [{ base: 'drums', band: [KICK_TOP_HZ, HIHAT_BOTTOM_HZ] }],
  hihat: [{ base: 'drums', band: [HIHAT_BOTTOM_HZ, Infinity] }],
  sub_bass: [{ base: 'bass', band: [0, SUB_BASS_TOP_HZ] }],
  bass_upper: [{ base: 'bass', band: [SUB_BASS_TOP_HZ, Infinity] }],
};

/**
 * Stems derived after masking, in the time domain: the vocal stem's mid (L+R)/2 on both
 * channels and its side ((L−R)/2, −(L−R)/2); they sum back to the vocal stem.
 */
export const DSP_STEREO_SPLITS: Readonly<Record<string, { of: string; part: 'mid' | 'side' }>> = {
  vocals_center: { of: 'vocals', part: 'mid' },
  vocals_sides: { of: 'vocals', part: 'side' },
};

export const DSP_STEMS: readonly string[] = [
  ...Object.keys(DSP_RECIPES),
  ...Object.keys(DSP_STEREO_SPLITS),
];
