// The checkpoint reader on a file written by real PyTorch (2.15, torch.save of {'model': an
// OrderedDict} with float32, a transposed view, float16 and int64 tensors, plus an int), and the
// writer read back. The fixture is 2.9 kB made by test-fixtures/README.md's script.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStateDict, writeStateDict } from './torch-checkpoint.ts';

const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'test-fixtures/torch-2.15-state-dict.pth',
);

describe('PyTorch state dicts', () => {
  it('reads what torch.save wrote, strides and dtypes included', () => {
    const sd = readStateDict(fixture);
    expect([...sd.keys()]).toEqual(['a.weight', 'a.bias', 'b.weight_g', 't', 'h', 'i']);
    expect(sd.get('a.weight')?.shape).toEqual([2, 3]);
    expect([...(sd.get('a.weight')?.float32() ?? [])]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...(sd.get('a.bias')?.float32() ?? [])]).toEqual([0.5, -1.5]);
    expect(sd.get('b.weight_g')?.shape).toEqual([2, 1, 1]);
    // arange(12).reshape(3,4).t(): a [4,3] view with strides [1,4].
    expect(sd.get('t')?.shape).toEqual([4, 3]);
    expect([...(sd.get('t')?.float32() ?? [])]).toEqual([0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    expect(sd.get('h')?.dtype).toBe('float16');
    expect([...(sd.get('h')?.float32() ?? [])]).toEqual([1, 2]);
    expect([...(sd.get('i')?.float32() ?? [])]).toEqual([3, 4]);
  });

  it('writes checkpoints it reads back', () => {
    const data = Float32Array.from({ length: 24 }, (_, i) => i / 7 - 1);
    const buf = writeStateDict([
      { name: 'x.weight_v', shape: [2, 3, 4], data },
      { name: 'x.bias', shape: [2], data: Float32Array.from([1, -1]) },
    ]);
    const sd = readStateDict(buf);
    expect(sd.get('x.weight_v')?.shape).toEqual([2, 3, 4]);
    expect([...(sd.get('x.weight_v')?.float32() ?? [])]).toEqual([...data]);
    expect([...(sd.get('x.bias')?.float32() ?? [])]).toEqual([1, -1]);
  });

  it('refuses what is not a zip checkpoint', () => {
    expect(() => readStateDict(Buffer.from('not a checkpoint at all, just text'))).toThrow(
      /not a PyTorch checkpoint/,
    );
  });
});
