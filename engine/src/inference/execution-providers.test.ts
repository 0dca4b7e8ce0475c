import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  chooseProviders,
  describeInference,
  detectProviders,
  gpuDevicePresent,
  PROVIDER_PREFERENCE,
  systemProbe,
  type BackendInfo,
  type ProviderProbe,
} from './execution-providers.ts';

// What onnxruntime-node 1.30 lists on each platform (its own listSupportedBackends()).
const LINUX_X64: BackendInfo[] = [
  { name: 'cpu', bundled: true },
  { name: 'webgpu', bundled: true },
  { name: 'cuda', bundled: false },
  { name: 'tensorrt', bundled: false },
];
const WIN_X64: BackendInfo[] = [
  { name: 'cpu', bundled: true },
  { name: 'dml', bundled: true },
  { name: 'webgpu', bundled: true },
  { name: 'cuda', bundled: false },
];
const MAC_ARM: BackendInfo[] = [
  { name: 'cpu', bundled: true },
  { name: 'coreml', bundled: true },
];

function probe(over: Partial<ProviderProbe> & { files?: string[] }): ProviderProbe {
  const files = new Set(over.files ?? []);
  return {
    platform: 'linux',
    arch: 'x64',
    backends: LINUX_X64,
    binDir: '/ort/bin',
    fileExists: (file) => files.has(file),
    gpuDevice: false,
    ...over,
  };
}

function validationError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_error');
    return error as AppError;
  }
  throw new Error('expected a validation_error');
}

describe('detectProviders', () => {
  it('offers cuda on linux x64 only once its provider library is installed', () => {
    expect(detectProviders(probe({}))).toEqual(['cpu']);
    const lib = path.join('/ort/bin', 'libonnxruntime_providers_cuda.so');
    expect(detectProviders(probe({ files: [lib] }))).toEqual(['cuda', 'cpu']);
  });

  it('never offers cuda on arm64 or macOS, whatever the binding lists', () => {
    const lib = path.join('/ort/bin', 'libonnxruntime_providers_cuda.so');
    expect(detectProviders(probe({ arch: 'arm64', files: [lib] }))).toEqual(['cpu']);
    expect(detectProviders(probe({ platform: 'darwin', arch: 'arm64', files: [lib] }))).toEqual([
      'cpu',
    ]);
  });

  it('offers DirectML on Windows and cuda there when its dll is present', () => {
    expect(detectProviders(probe({ platform: 'win32', backends: WIN_X64 }))).toEqual([
      'dml',
      'cpu',
    ]);
    const dll = path.join('/ort/bin', 'onnxruntime_providers_cuda.dll');
    expect(detectProviders(probe({ platform: 'win32', backends: WIN_X64, files: [dll] }))).toEqual([
      'cuda',
      'dml',
      'cpu',
    ]);
  });

  it('offers CoreML only on macOS', () => {
    expect(
      detectProviders(probe({ platform: 'darwin', arch: 'arm64', backends: MAC_ARM })),
    ).toEqual(['coreml', 'cpu']);
    expect(detectProviders(probe({ platform: 'linux', backends: MAC_ARM }))).toEqual(['cpu']);
  });

  it('offers the bundled WebGPU only where a GPU device exists, after the native providers', () => {
    expect(detectProviders(probe({ gpuDevice: false }))).toEqual(['cpu']);
    expect(detectProviders(probe({ gpuDevice: true }))).toEqual(['webgpu', 'cpu']);
    const lib = path.join('/ort/bin', 'libonnxruntime_providers_cuda.so');
    expect(detectProviders(probe({ gpuDevice: true, files: [lib] }))).toEqual([
      'cuda',
      'webgpu',
      'cpu',
    ]);
    expect(
      detectProviders(probe({ platform: 'win32', backends: WIN_X64, gpuDevice: true })),
    ).toEqual(['dml', 'webgpu', 'cpu']);
    // macOS builds do not list it; a GPU there goes through CoreML.
    expect(
      detectProviders(
        probe({ platform: 'darwin', arch: 'arm64', backends: MAC_ARM, gpuDevice: true }),
      ),
    ).toEqual(['coreml', 'cpu']);
  });

  it('looks for NVIDIA device nodes or a DRM render node on Linux', () => {
    const dirs = (entries: Record<string, string[]>) => (dir: string) => entries[dir] ?? [];
    expect(gpuDevicePresent('linux', dirs({ '/dev': ['null', 'tty0'] }))).toBe(false);
    expect(gpuDevicePresent('linux', dirs({ '/dev': ['nvidiactl', 'nvidia-uvm'] }))).toBe(false);
    expect(gpuDevicePresent('linux', dirs({ '/dev': ['nvidia0', 'nvidiactl'] }))).toBe(true);
    expect(gpuDevicePresent('linux', dirs({ '/dev/dri': ['card0', 'renderD128'] }))).toBe(true);
    expect(gpuDevicePresent('linux', dirs({ '/dev/dri': ['card0'] }))).toBe(false);
    expect(gpuDevicePresent('win32', dirs({}))).toBe(true);
    expect(gpuDevicePresent('darwin', dirs({ '/dev': ['nvidia0'] }))).toBe(false);
  });

  it('falls back to cpu when the binding cannot list its backends', () => {
    expect(detectProviders(probe({ backends: null }))).toEqual(['cpu']);
  });

  it('on this machine asks onnxruntime-node and ends in cpu', () => {
    const real = systemProbe();
    expect(real.backends?.some((b) => b.name === 'cpu')).toBe(true);
    const found = detectProviders(real);
    expect(found.at(-1)).toBe('cpu');
    for (const name of found) expect(PROVIDER_PREFERENCE).toContain(name);
  });
});

describe('chooseProviders', () => {
  it('orders what exists cuda → dml → coreml → webgpu → cpu', () => {
    expect(chooseProviders(['cpu', 'dml', 'cuda'], null)).toEqual(['cuda', 'dml', 'cpu']);
    expect(chooseProviders(['cpu', 'webgpu', 'cuda'], null)).toEqual(['cuda', 'webgpu', 'cpu']);
    expect(chooseProviders(['coreml', 'cpu'], null)).toEqual(['coreml', 'cpu']);
  });

  it('always ends in cpu, even when nothing was detected', () => {
    expect(chooseProviders([], null)).toEqual(['cpu']);
    expect(chooseProviders(['cuda'], [])).toEqual(['cuda', 'cpu']);
  });

  it("forces the user's list in the user's order, appending cpu", () => {
    expect(chooseProviders(['cuda', 'dml', 'cpu'], ['dml'])).toEqual(['dml', 'cpu']);
    expect(chooseProviders(['cuda', 'cpu'], ['cpu'])).toEqual(['cpu']);
    expect(chooseProviders(['cuda', 'cpu'], ['cpu', 'cuda'])).toEqual(['cpu', 'cuda']);
    expect(chooseProviders(['dml', 'cpu'], [' DirectML ', 'dml'])).toEqual(['dml', 'cpu']);
  });

  it('rejects unknown names with validation_error naming the known ones', () => {
    const error = validationError(() => chooseProviders(['cpu'], ['cpu', 'tpu']));
    expect(error.message).toContain('"tpu"');
    expect(error.message).toContain('cuda, dml, coreml, webgpu, cpu');
  });

  it('rejects a known provider this machine does not have', () => {
    const error = validationError(() => chooseProviders(['cpu'], ['cuda']));
    expect(error.message).toContain('not available');
  });
});

describe('describeInference', () => {
  it('reports the onnxruntime-node version and the providers chosen here', () => {
    const pkg = createRequire(import.meta.url)('onnxruntime-node/package.json') as {
      version: string;
    };
    const info = describeInference({ executionProviders: null });
    expect(info.version).toBe(pkg.version);
    expect(info.available_providers).toContain('cpu');
    expect(info.selected_providers.at(-1)).toBe('cpu');
    expect(info.override).toBeNull();
  });

  it('shows the override and refuses a bad one', () => {
    const info = describeInference({ executionProviders: ['cpu'] });
    expect(info.selected_providers).toEqual(['cpu']);
    expect(info.override).toEqual(['cpu']);
    validationError(() => describeInference({ executionProviders: ['gpu'] }));
  });
});
