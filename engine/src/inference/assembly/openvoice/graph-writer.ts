/**
 * A small helper over onnx-builder for graphs assembled from checkpoints: unique value names,
 * initializers added as they are used, one call per operator. Names are numbered in call order,
 * so the same checkpoint always gives byte-identical ONNX bytes.
 */
import {
  type AttributeValue,
  type NodeSpec,
  type TensorSpec,
  node,
  tensor,
} from '../../onnx-builder.ts';

export class GraphWriter {
  readonly nodes: NodeSpec[] = [];
  readonly initializers: TensorSpec[] = [];
  private count = 0;
  private readonly consts = new Map<string, string>();

  private fresh(prefix: string): string {
    return `${prefix}_${this.count++}`;
  }

  /** A float32 initializer. */
  weight(prefix: string, dims: readonly number[], values: Float32Array): string {
    const name = this.fresh(prefix);
    this.initializers.push(tensor(name, 'float32', dims, values));
    return name;
  }

  /** An int64 constant (shared by value). */
  ints(values: readonly number[], scalar = false): string {
    const key = `i${scalar ? 's' : ''}:${values.join(',')}`;
    let name = this.consts.get(key);
    if (!name) {
      name = this.fresh('const');
      this.initializers.push(tensor(name, 'int64', scalar ? [] : [values.length], values));
      this.consts.set(key, name);
    }
    return name;
  }

  /** A float32 scalar or vector constant (shared by value). */
  floats(values: readonly number[], dims: readonly number[] = [values.length]): string {
    const key = `f:${dims.join('x')}:${values.join(',')}`;
    let name = this.consts.get(key);
    if (!name) {
      name = this.fresh('constf');
      this.initializers.push(tensor(name, 'float32', dims, Float32Array.from(values)));
      this.consts.set(key, name);
    }
    return name;
  }

  op(type: string, inputs: readonly string[], attrs?: Record<string, AttributeValue>): string {
    const out = this.fresh(type.toLowerCase());
    this.nodes.push(node(type, inputs, [out], attrs));
    return out;
  }

  /** An operator whose output gets a given (graph output) name. */
  opNamed(
    type: string,
    inputs: readonly string[],
    output: string,
    attrs?: Record<string, AttributeValue>,
  ): string {
    this.nodes.push(node(type, inputs, [output], attrs));
    return output;
  }
}
