/**
 * The DeepFilterNet3 pack's `config.ini`: the signal-processing numbers the network was trained
 * with (sample rate, FFT and hop, ERB and DF sizes, normalisation time constant, lookaheads).
 * Read from the file rather than hard-coded so a pack with other numbers is honoured or refused
 * clearly.
 */
import fs from 'node:fs';
import { AppError } from '../../errors.ts';

export interface Dfn3Params {
  sampleRate: number;
  fftSize: number;
  hop: number;
  nbErb: number;
  nbDf: number;
  normTau: number;
  minNbErbFreqs: number;
  dfOrder: number;
  dfLookahead: number;
  convLookahead: number;
  /** Frames of feature history the encoder's first convolutions read (kernel_t − 1 of conv_kernel_inp). */
  encoderHistory: number;
  /** Frames of c0 history the deep-filter pathway convolution reads (df_pathway_kernel_size_t − 1). */
  dfPathwayHistory: number;
}

/** `[section]` → key → value, comments and blank lines ignored. */
export function parseIni(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!.trim();
      out[section] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    (out[section] ??= {})[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

export function dfn3ParamsFromIni(text: string): Dfn3Params {
  const ini = parseIni(text);
  const num = (section: string, key: string, fallback?: number): number => {
    const value = ini[section]?.[key];
    if (value === undefined || value === '') {
      if (fallback !== undefined) return fallback;
      throw new AppError('internal_error', `DeepFilterNet config.ini lacks [${section}] ${key}`);
    }
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) {
      throw new AppError('internal_error', `DeepFilterNet config.ini: ${key} = ${value}`);
    }
    return parsed;
  };
  // conv_kernel_inp is "time,freq"; the published defaults (ModelParams) where the file is silent.
  const kernelInp = ini['deepfilternet']?.['conv_kernel_inp'] ?? '3,3';
  const kernelInpT = Number(kernelInp.split(',')[0]);
  if (!Number.isInteger(kernelInpT) || kernelInpT < 1) {
    throw new AppError(
      'internal_error',
      `DeepFilterNet config.ini: conv_kernel_inp = ${kernelInp}`,
    );
  }
  return {
    sampleRate: num('df', 'sr'),
    fftSize: num('df', 'fft_size'),
    hop: num('df', 'hop_size'),
    nbErb: num('df', 'nb_erb'),
    nbDf: num('df', 'nb_df'),
    normTau: num('df', 'norm_tau', 1),
    minNbErbFreqs: num('df', 'min_nb_erb_freqs', 2),
    dfOrder: num('df', 'df_order', 5),
    dfLookahead: num('df', 'df_lookahead', 0),
    convLookahead: num('deepfilternet', 'conv_lookahead', 0),
    encoderHistory: kernelInpT - 1,
    dfPathwayHistory: num('deepfilternet', 'df_pathway_kernel_size_t', 1) - 1,
  };
}

export function readDfn3Params(file: string): Dfn3Params {
  return dfn3ParamsFromIni(fs.readFileSync(file, 'utf8'));
}

/**
 * libDF's normalisation decay: exp(−hop/(sr·τ)), then rounded to the fewest decimals (from 3)
 * that keep it below 1, as the Python `get_norm_alpha` does (0.99005 → 0.99).
 */
export function normAlpha(hop: number, sampleRate: number, tau: number): number {
  const a = Math.exp(-hop / sampleRate / tau);
  let precision = 3;
  let rounded = 1;
  while (rounded >= 1) {
    const scale = 10 ** precision;
    rounded = Math.round(a * scale) / scale;
    precision += 1;
  }
  return rounded;
}
