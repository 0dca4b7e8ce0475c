import fs from 'node:fs';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError } from '../errors.ts';
import {
  defaultIntraOpThreads,
  SessionCache,
  sessionOptionsFor,
  sessionProviders,
  type SessionFactory,
} from './session-cache.ts';
import { scaleModel } from './tiny-onnx.ts';

const temp = makeTempDir('tapehouse-sessions-');
afterAll(() => temp.cleanup());

const caches: SessionCache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.disposeAll()));
});

function cache(options: Partial<ConstructorParameters<typeof SessionCache>[0]> = {}): SessionCache {
  const created = new SessionCache({ providers: ['cpu'], intraOpNumThreads: 1, ...options });
  caches.push(created);
  return created;
}

function writeModel(name: string, factor: number): string {
  const file = path.join(temp.dir, name);
  fs.writeFileSync(file, scaleModel(factor));
  return file;
}

async function runScale(session: InferenceSession, values: number[]): Promise<number[]> {
  const output = await session.run({
    x: new Tensor('float32', Float32Array.from(values), [values.length]),
  });
  return Array.from(output.y?.data as Float32Array);
}

/** A stand-in session whose release() is observable. */
function fakeSession(): InferenceSession {
  return { release: vi.fn(async () => undefined) } as unknown as InferenceSession;
}

describe('SessionCache with ONNX Runtime', () => {
  it('creates one session for concurrent first calls and runs it', async () => {
    const model = writeModel('double.onnx', 2);
    const sessions = cache();
    const [a, b, c] = await Promise.all([
      sessions.getSession(model),
      sessions.getSession(model),
      sessions.getSession(path.join(temp.dir, '.', 'double.onnx')),
    ]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(sessions.size).toBe(1);
    expect(a.inputNames).toEqual(['x']);
    expect(await runScale(a, [1, -2, 0.5])).toEqual([2, -4, 1]);
    expect(await sessions.getSession(model)).toBe(a);
  });

  it('runs a session whose intra-op threads sleep instead of spin-waiting', async () => {
    const created: InferenceSession.SessionOptions[] = [];
    const sessions = cache({
      intraOpNumThreads: 2,
      spinWait: false,
      createSession: async (model, options) => {
        created.push(options);
        return typeof model === 'string'
          ? InferenceSession.create(model, options)
          : InferenceSession.create(model, options);
      },
    });
    const session = await sessions.getSession(writeModel('x4.onnx', 4));
    expect(created[0]?.extra).toEqual({ session: { intra_op: { allow_spinning: '0' } } });
    expect(await runScale(session, [1, 2])).toEqual([4, 8]);
  });

  it('keeps different model files apart', async () => {
    const sessions = cache();
    const double = await sessions.getSession(writeModel('x2.onnx', 2));
    const triple = await sessions.getSession(writeModel('x3.onnx', 3));
    expect(triple).not.toBe(double);
    expect(await runScale(triple, [2])).toEqual([6]);
    expect(sessions.size).toBe(2);
  });

  it('does not cache a failed load: the next call retries', async () => {
    const file = path.join(temp.dir, 'late.onnx');
    fs.writeFileSync(file, 'not an onnx model');
    const sessions = cache();
    const failure = await sessions.getSession(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('internal_error');
    expect((failure as AppError).message).toContain(file);
    expect(sessions.size).toBe(0);

    fs.writeFileSync(file, scaleModel(4));
    const session = await sessions.getSession(file);
    expect(await runScale(session, [1])).toEqual([4]);
  });

  it('reports a missing model file as not_found', async () => {
    const missing = path.join(temp.dir, 'absent.onnx');
    await expect(cache().getSession(missing)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('disposeAll releases sessions and later calls build new ones', async () => {
    const model = writeModel('dispose.onnx', 5);
    const sessions = cache();
    const first = await sessions.getSession(model);
    await sessions.disposeAll();
    expect(sessions.size).toBe(0);
    const second = await sessions.getSession(model);
    expect(second).not.toBe(first);
    expect(await runScale(second, [1])).toEqual([5]);
  });
});

describe('SessionCache logic', () => {
  it('calls the factory once per key and keys on the provider list', async () => {
    const model = writeModel('keyed.onnx', 1);
    const factory = vi.fn<SessionFactory>(async () => fakeSession());
    const sessions = cache({
      providers: ['cuda', 'cpu'],
      createSession: factory,
      onWarning: () => {},
    });
    await Promise.all([sessions.getSession(model), sessions.getSession(model)]);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(factory.mock.calls[0]?.[1].executionProviders).toEqual(['cuda', 'cpu']);
    await sessions.getSession(model, { providers: ['cpu'] });
    expect(factory).toHaveBeenCalledTimes(2);
    expect(sessions.size).toBe(2);
  });

  it('retries on cpu alone when an accelerated provider fails, with a warning', async () => {
    const model = writeModel('fallback.onnx', 1);
    const warnings: string[] = [];
    const factory = vi.fn<SessionFactory>(async (_file, options) => {
      if (options.executionProviders?.includes('cuda')) throw new Error('CUDA driver missing');
      return fakeSession();
    });
    const sessions = cache({
      providers: ['cuda', 'cpu'],
      createSession: factory,
      onWarning: (m) => warnings.push(m),
    });
    await sessions.getSession(model);
    expect(factory.mock.calls.map((c) => c[1].executionProviders)).toEqual([
      ['cuda', 'cpu'],
      ['cpu'],
    ]);
    expect(warnings.join('\n')).toContain('CUDA driver missing');
  });

  it('fails without fallback when asked to', async () => {
    const model = writeModel('nofallback.onnx', 1);
    const factory = vi.fn<SessionFactory>(async () => {
      throw new Error('boom');
    });
    const sessions = cache({
      providers: ['dml', 'cpu'],
      createSession: factory,
      fallbackToCpu: false,
    });
    await expect(sessions.getSession(model)).rejects.toMatchObject({
      code: 'internal_error',
      message: expect.stringContaining('boom'),
    });
    expect(factory).toHaveBeenCalledTimes(1);
    expect(sessions.size).toBe(0);
  });

  it('releases every created session on disposeAll, waiting for ones in flight', async () => {
    const model = writeModel('release.onnx', 1);
    const created: InferenceSession[] = [];
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const sessions = cache({
      createSession: async () => {
        await gate;
        const s = fakeSession();
        created.push(s);
        return s;
      },
    });
    const pending = sessions.getSession(model);
    const disposed = sessions.disposeAll();
    finish();
    await disposed;
    await pending;
    expect(created).toHaveLength(1);
    expect(created[0]?.release).toHaveBeenCalledTimes(1);
  });

  it('refuses a provider list that does not end in cpu', () => {
    expect(() => new SessionCache({ providers: ['cuda'] as never })).toThrow(/end in cpu/);
  });
});

describe('session options', () => {
  it('sizes intra-op threads for small machines', () => {
    expect(defaultIntraOpThreads(1)).toBe(1);
    expect(defaultIntraOpThreads(2)).toBe(2);
    expect(defaultIntraOpThreads(3)).toBe(2);
    expect(defaultIntraOpThreads(16)).toBe(4);
  });

  it('passes providers and threads through', () => {
    const options = sessionOptionsFor(['cuda', 'cpu'], 3);
    expect(options).toMatchObject({
      executionProviders: ['cuda', 'cpu'],
      intraOpNumThreads: 3,
      interOpNumThreads: 1,
      executionMode: 'sequential',
    });
    expect(options.extra).toBeUndefined();
  });

  it('turns intra-op spin-waiting off when asked', () => {
    expect(sessionOptionsFor(['cpu'], 2, false).extra).toEqual({
      session: { intra_op: { allow_spinning: '0' } },
    });
  });
});

describe('sessionProviders', () => {
  it('puts a workload on the detected GPU only when it allows automatic GPU use', () => {
    expect(sessionProviders(['webgpu', 'cpu'], null, true)).toEqual(['webgpu', 'cpu']);
    expect(sessionProviders(['webgpu', 'cpu'], null, false)).toEqual(['cpu']);
  });

  it("honours the user's forced list either way", () => {
    expect(sessionProviders(['webgpu', 'cpu'], ['webgpu'], false)).toEqual(['webgpu', 'cpu']);
    expect(sessionProviders(['webgpu', 'cpu'], ['cpu'], true)).toEqual(['cpu']);
  });
});
