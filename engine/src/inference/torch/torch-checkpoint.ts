/**
 * PyTorch state dicts read from, and (for tests) written to, `torch.save` checkpoints (ZIP +
 * pickle, stored-zip.ts and pickle-reader.ts). Only what a state dict holds is understood:
 * tensors (float32, float16, bfloat16, float64, int64, int32, uint8, bool storages, any strides)
 * in nested dicts; `{'model': state_dict}` (how VITS-family training saves) is unwrapped.
 */
import fs from 'node:fs';
import { AppError } from '../../errors.ts';
import { PyGlobal, readPickle } from './pickle-reader.ts';
import { readStoredZip, writeStoredZip } from './stored-zip.ts';

const STORAGE_DTYPES: Record<string, { dtype: string; bytes: number }> = {
  FloatStorage: { dtype: 'float32', bytes: 4 },
  HalfStorage: { dtype: 'float16', bytes: 2 },
  BFloat16Storage: { dtype: 'bfloat16', bytes: 2 },
  DoubleStorage: { dtype: 'float64', bytes: 8 },
  LongStorage: { dtype: 'int64', bytes: 8 },
  IntStorage: { dtype: 'int32', bytes: 4 },
  ByteStorage: { dtype: 'uint8', bytes: 1 },
  BoolStorage: { dtype: 'bool', bytes: 1 },
};

interface StorageRef {
  dtype: string;
  bytes: number;
  key: string;
}

export interface CheckpointTensor {
  dtype: string;
  shape: number[];
  /** The values as a contiguous row-major float32 array. */
  float32(): Float32Array;
}

function bad(message: string): AppError {
  return new AppError('validation_error', `not a usable PyTorch state dict: ${message}`);
}

function halfToFloat(h: number): number {
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

function reader(buf: Buffer, storage: StorageRef, base: number): (i: number) => number {
  const at = (i: number) => base + i * storage.bytes;
  switch (storage.dtype) {
    case 'float32':
      return (i) => buf.readFloatLE(at(i));
    case 'float16':
      return (i) => halfToFloat(buf.readUInt16LE(at(i)));
    case 'bfloat16': {
      const tmp = Buffer.alloc(4);
      return (i) => (
        tmp.writeUInt16LE(0, 0),
        tmp.writeUInt16LE(buf.readUInt16LE(at(i)), 2),
        tmp.readFloatLE(0)
      );
    }
    case 'float64':
      return (i) => buf.readDoubleLE(at(i));
    case 'int64':
      return (i) => Number(buf.readBigInt64LE(at(i)));
    case 'int32':
      return (i) => buf.readInt32LE(at(i));
    default:
      return (i) => buf[at(i)] ?? 0;
  }
}

/** Every tensor of the checkpoint's state dict, by its dotted name. */
export function readStateDict(source: string | Buffer): Map<string, CheckpointTensor> {
  const buf = typeof source === 'string' ? fs.readFileSync(source) : source;
  const entries = readStoredZip(buf);
  const pkl = [...entries.values()].find((e) => e.name.endsWith('/data.pkl'));
  if (!pkl) throw bad('no data.pkl (a checkpoint saved before PyTorch 1.6 is not supported)');
  const prefix = pkl.name.slice(0, -'data.pkl'.length);
  const root = readPickle(buf.subarray(pkl.offset, pkl.offset + pkl.size), {
    persistentLoad: (pid) => {
      const [kind, type, key] = pid as [string, PyGlobal, string];
      const known = type instanceof PyGlobal ? STORAGE_DTYPES[type.name] : undefined;
      if (kind !== 'storage' || !known) throw bad(`unknown storage ${String(kind)}`);
      return { ...known, key: String(key) } satisfies StorageRef;
    },
    reduce: (fn, args) => {
      if (fn.path === 'torch._utils._rebuild_parameter') return args[0];
      if (fn.path !== 'torch._utils._rebuild_tensor_v2') return undefined;
      const [storage, offset, shape, stride] = args as [StorageRef, number, number[], number[]];
      const entry = entries.get(`${prefix}data/${storage.key}`);
      if (!entry) throw bad(`storage ${storage.key} missing`);
      return {
        dtype: storage.dtype,
        shape: [...shape],
        float32() {
          const count = shape.reduce((a, b) => a * b, 1);
          const out = new Float32Array(count);
          const read = reader(buf, storage, entry.offset);
          const index = new Array<number>(shape.length).fill(0);
          for (let n = 0; n < count; n++) {
            let src = offset;
            for (let d = 0; d < shape.length; d++) src += (index[d] ?? 0) * (stride[d] ?? 0);
            out[n] = read(src);
            for (let d = shape.length - 1; d >= 0; d--) {
              index[d] = (index[d] ?? 0) + 1;
              if ((index[d] ?? 0) < (shape[d] ?? 0)) break;
              index[d] = 0;
            }
          }
          return out;
        },
      } satisfies CheckpointTensor;
    },
  });
  let dict = root;
  if (dict instanceof Map && dict.get('model') instanceof Map) dict = dict.get('model');
  if (!(dict instanceof Map)) throw bad('the pickle is not a dict');
  const out = new Map<string, CheckpointTensor>();
  for (const [k, v] of dict)
    if (typeof k === 'string' && v && typeof (v as CheckpointTensor).float32 === 'function')
      out.set(k, v as CheckpointTensor);
  if (out.size === 0) throw bad('no tensors');
  return out;
}

// ---- writing (tests generate checkpoints of a model's layout) ---------------------------------

class PickleWriter {
  private readonly parts: Buffer[] = [Buffer.from([0x80, 2])];
  op(...bytes: number[]): this {
    this.parts.push(Buffer.from(bytes));
    return this;
  }
  str(s: string): this {
    const b = Buffer.from(s, 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32LE(b.length);
    this.parts.push(Buffer.from([0x58]), len, b);
    return this;
  }
  int(n: number): this {
    const b = Buffer.alloc(5);
    b[0] = 0x4a;
    b.writeInt32LE(n, 1);
    this.parts.push(b);
    return this;
  }
  global(module: string, name: string): this {
    this.parts.push(Buffer.from(`c${module}\n${name}\n`, 'latin1'));
    return this;
  }
  tuple(values: readonly number[]): this {
    this.op(0x28);
    for (const v of values) this.int(v);
    return this.op(0x74);
  }
  done(): Buffer {
    this.op(0x2e);
    return Buffer.concat(this.parts);
  }
}

export interface TensorToWrite {
  name: string;
  shape: readonly number[];
  data: Float32Array;
}

/** A `torch.save({'model': state_dict})` checkpoint of float32 tensors, named `archive/…`. */
export function writeStateDict(tensors: readonly TensorToWrite[]): Buffer {
  const w = new PickleWriter();
  w.op(0x7d, 0x28).str('model').global('collections', 'OrderedDict').op(0x29, 0x52, 0x28);
  tensors.forEach((t, i) => {
    const stride = t.shape.map((_, d) => t.shape.slice(d + 1).reduce((a, b) => a * b, 1));
    w.str(t.name).global('torch._utils', '_rebuild_tensor_v2').op(0x28, 0x28);
    w.str('storage').global('torch', 'FloatStorage').str(String(i)).str('cpu').int(t.data.length);
    w.op(0x74, 0x51).int(0).tuple(t.shape).tuple(stride).op(0x89);
    w.global('collections', 'OrderedDict').op(0x29, 0x52, 0x74, 0x52);
  });
  w.op(0x75, 0x75);
  return writeStoredZip([
    { name: 'archive/data.pkl', data: w.done() },
    { name: 'archive/byteorder', data: Buffer.from('little') },
    ...tensors.map((t, i) => ({
      name: `archive/data/${i}`,
      data: new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength),
    })),
    { name: 'archive/version', data: Buffer.from('3\n') },
  ]);
}
