/**
 * Kokoro voice blends (the mixing Kokoro-FastAPI and kokoro-onnx offer): a voice key naming
 * several voices with weights, `kokoro:af_heart*0.6+af_bella*0.4`, speaks with the weighted sum
 * of their style tables (each row mixed with the same row of the others). Voice design uses it
 * to make new voices between the installed ones. Weights are normalised to sum to 1.
 */
import { KOKORO_STYLE_DIM, type StyleTable } from './kokoro-voice-pack.ts';

export interface BlendPart {
  voice: string;
  weight: number;
}

/** The parts of `af_heart*0.6+af_bella*0.4`, or null for a plain voice name. */
export function parseKokoroBlend(voice: string): BlendPart[] | null {
  if (!voice.includes('+') && !voice.includes('*')) return null;
  const parts = voice.split('+').map((part) => {
    const [name = '', weight] = part.split('*');
    return { voice: name.trim(), weight: weight === undefined ? 1 : Number(weight) };
  });
  if (parts.some((p) => !/^[a-z]{2}_[a-z0-9_]+$/i.test(p.voice) || !(p.weight > 0))) return null;
  const total = parts.reduce((sum, p) => sum + p.weight, 0);
  return parts.map((p) => ({ voice: p.voice, weight: p.weight / total }));
}

export function formatKokoroBlend(parts: readonly BlendPart[]): string {
  return parts.map((p) => `${p.voice}*${Math.round(p.weight * 1000) / 1000}`).join('+');
}

/** The weighted sum of style tables, over the rows every table has. */
export function mixStyleTables(
  tables: readonly StyleTable[],
  weights: readonly number[],
): StyleTable {
  const rows = Math.min(...tables.map((t) => t.rows));
  const data = new Float32Array(rows * KOKORO_STYLE_DIM);
  tables.forEach((table, index) => {
    const w = weights[index] ?? 0;
    for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) + w * (table.data[i] ?? 0);
  });
  return { rows, data };
}
