/**
 * The checkpoint's tensors as the graph template asks for them, checked by name and shape (a
 * checkpoint of another model is refused naming what does not fit), with weight normalisation
 * folded the way `remove_weight_norm` does: weight = g · v / ‖v‖, the norm over every dimension
 * but the first (float64 arithmetic, then float32, so the result is the same on every machine).
 */
import { AppError } from '../../../errors.ts';
import type { CheckpointTensor } from '../../torch/torch-checkpoint.ts';

/** What the graph template reads weights through (a checkpoint, or a recorder in tests). */
export interface WeightSource {
  plain(key: string, shape: readonly number[]): Float32Array;
  weight(prefix: string, shape: readonly number[]): Float32Array;
  unused(): string[];
}

export class CheckpointWeights implements WeightSource {
  private readonly used = new Set<string>();

  constructor(private readonly tensors: ReadonlyMap<string, CheckpointTensor>) {}

  private get(key: string, shape: readonly number[]): Float32Array {
    const t = this.tensors.get(key);
    if (!t)
      throw new AppError(
        'validation_error',
        `the checkpoint is not an OpenVoice converter of this config: no ${key}`,
      );
    if (t.shape.length !== shape.length || t.shape.some((d, i) => d !== shape[i]))
      throw new AppError(
        'validation_error',
        `the checkpoint is not an OpenVoice converter of this config: ${key} is [${t.shape.join(', ')}], expected [${shape.join(', ')}]`,
      );
    this.used.add(key);
    return t.float32();
  }

  plain(key: string, shape: readonly number[]): Float32Array {
    return this.get(key, shape);
  }

  /** `<prefix>.weight`, from `weight_g`/`weight_v` when the layer was weight-normalised. */
  weight(prefix: string, shape: readonly number[]): Float32Array {
    if (this.tensors.has(`${prefix}.weight`)) return this.get(`${prefix}.weight`, shape);
    const v = this.get(`${prefix}.weight_v`, shape);
    const g = this.get(`${prefix}.weight_g`, [shape[0] ?? 0, ...shape.slice(1).map(() => 1)]);
    const rows = shape[0] ?? 0;
    const per = v.length / rows;
    const out = new Float32Array(v.length);
    for (let r = 0; r < rows; r++) {
      let sum = 0;
      for (let i = r * per; i < (r + 1) * per; i++) sum += (v[i] ?? 0) ** 2;
      const scale = (g[r] ?? 0) / Math.sqrt(sum);
      for (let i = r * per; i < (r + 1) * per; i++) out[i] = (v[i] ?? 0) * scale;
    }
    return out;
  }

  /** Tensors the template did not read (OpenVoice itself loads with strict=False). */
  unused(): string[] {
    return [...this.tensors.keys()].filter((k) => !this.used.has(k));
  }
}
