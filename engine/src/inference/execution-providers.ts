/**
 * Which ONNX Runtime execution providers this machine can use, and which ones a session gets.
 *
 * Detection asks onnxruntime-node itself (`listSupportedBackends()`: what the native binding was
 * built with, and whether each provider ships inside the npm package) and then checks the
 * platform and, for providers that are not bundled (CUDA), that their shared library was
 * actually installed next to the binding. The choice is always an ordered list ending in 'cpu',
 * so a session can be created on any machine.
 *
 * WebGPU ships inside the Linux and Windows bindings (Dawn over Vulkan / D3D12), so "bundled" says
 * nothing about whether the machine has a GPU: a WebGPU session on a machine without one fails
 * after ~0.3 s with "No supported adapters". It is offered only when a GPU device node exists
 * (Linux: an NVIDIA device or a DRM render node); if the adapter still cannot be opened, the
 * session cache retries on cpu with a warning (session-cache.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { env, listSupportedBackends } from 'onnxruntime-node';
import type { EngineConfig } from '../config.ts';
import { AppError } from '../errors.ts';

/** Providers Tapehouse knows how to use, in order of preference. */
export const PROVIDER_PREFERENCE = ['cuda', 'dml', 'coreml', 'webgpu', 'cpu'] as const;

export type ProviderName = (typeof PROVIDER_PREFERENCE)[number];

/** Spellings users write in settings or TAPEHOUSE_EXECUTION_PROVIDERS, mapped to ORT names. */
const ALIASES: Record<string, ProviderName> = {
  cuda: 'cuda',
  dml: 'dml',
  directml: 'dml',
  coreml: 'coreml',
  webgpu: 'webgpu',
  cpu: 'cpu',
};

export interface BackendInfo {
  name: string;
  bundled: boolean;
}

/** Everything detection looks at, injectable so other platforms can be tested here. */
export interface ProviderProbe {
  platform: NodeJS.Platform;
  arch: string;
  /** What `listSupportedBackends()` returned, or null when the call failed. */
  backends: readonly BackendInfo[] | null;
  /** Folder holding onnxruntime_binding.node for this platform/arch. */
  binDir: string;
  fileExists: (file: string) => boolean;
  /** Whether the OS shows a GPU device WebGPU could open (see gpuDevicePresent). */
  gpuDevice: boolean;
}

const requireFromHere = createRequire(import.meta.url);

function bindingDir(platform: string, arch: string): string {
  const pkg = requireFromHere.resolve('onnxruntime-node/package.json');
  return path.join(path.dirname(pkg), 'bin', 'napi-v6', platform, arch);
}

export function systemProbe(): ProviderProbe {
  let backends: BackendInfo[] | null;
  try {
    backends = listSupportedBackends();
  } catch {
    backends = null;
  }
  return {
    platform: process.platform,
    arch: process.arch,
    backends,
    binDir: bindingDir(process.platform, process.arch),
    fileExists: (file) => fs.existsSync(file),
    gpuDevice: gpuDevicePresent(process.platform),
  };
}

/**
 * A cheap look for a GPU before offering WebGPU: on Linux an NVIDIA device node or a DRM render
 * node (AMD, Intel, NVIDIA's open driver); on Windows DirectX always has an adapter to ask.
 * Opening the adapter itself is left to session creation, where a failure falls back to cpu.
 */
export function gpuDevicePresent(
  platform: NodeJS.Platform,
  listDir: (dir: string) => string[] = safeList,
): boolean {
  if (platform === 'win32') return true;
  if (platform !== 'linux') return false;
  if (listDir('/dev').some((name) => /^nvidia\d+$/.test(name))) return true;
  return listDir('/dev/dri').some((name) => name.startsWith('renderD'));
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The CUDA EP library the npm install script downloads next to the binding (not bundled). */
function cudaLibrary(platform: NodeJS.Platform): string {
  return platform === 'win32'
    ? 'onnxruntime_providers_cuda.dll'
    : 'libonnxruntime_providers_cuda.so';
}

/** Providers usable on this machine, in preference order; always contains 'cpu'. */
export function detectProviders(probe: ProviderProbe = systemProbe()): ProviderName[] {
  const listed = new Map((probe.backends ?? []).map((b) => [b.name.toLowerCase(), b] as const));
  const usable = (name: ProviderName): boolean => {
    const backend = listed.get(name);
    if (name === 'cpu') return true;
    if (backend === undefined) return false;
    switch (name) {
      case 'cuda':
        if (!['linux', 'win32'].includes(probe.platform) || probe.arch !== 'x64') return false;
        return (
          backend.bundled || probe.fileExists(path.join(probe.binDir, cudaLibrary(probe.platform)))
        );
      case 'dml':
        return probe.platform === 'win32';
      case 'coreml':
        return probe.platform === 'darwin';
      case 'webgpu':
        return backend.bundled && probe.gpuDevice;
    }
  };
  return PROVIDER_PREFERENCE.filter(usable);
}

function normalise(name: string): ProviderName | null {
  return ALIASES[name.trim().toLowerCase()] ?? null;
}

/**
 * The ordered provider list for new sessions. Without an override: every available provider in
 * preference order (cuda → dml → coreml → webgpu → cpu). With one: the user's list in the user's order,
 * each name checked, then 'cpu' appended when missing. Unknown or unavailable names are a
 * validation_error so a typo in settings fails at startup, not in the middle of a job.
 */
export function chooseProviders(
  available: readonly string[],
  override: readonly string[] | null,
): ProviderName[] {
  const have = new Set(available.map((name) => normalise(name)).filter((n) => n !== null));
  have.add('cpu');
  if (override === null || override.length === 0) {
    return PROVIDER_PREFERENCE.filter((name) => have.has(name));
  }
  const chosen: ProviderName[] = [];
  for (const raw of override) {
    const name = normalise(raw);
    if (name === null) {
      throw new AppError(
        'validation_error',
        `unknown execution provider "${raw}"; known: ${PROVIDER_PREFERENCE.join(', ')}`,
        { details: { provider: raw, known: [...PROVIDER_PREFERENCE] } },
      );
    }
    if (!have.has(name)) {
      throw new AppError(
        'validation_error',
        `execution provider "${name}" is not available on this machine; available: ${[...have].join(', ')}`,
        { details: { provider: name, available: [...have] } },
      );
    }
    if (!chosen.includes(name)) chosen.push(name);
  }
  if (!chosen.includes('cpu')) chosen.push('cpu');
  return chosen;
}

export function onnxruntimeVersion(): string {
  return env.versions.node ?? env.versions.common;
}

export interface InferenceDescription {
  /** onnxruntime-node version, e.g. "1.30.0". */
  version: string;
  available_providers: string[];
  selected_providers: string[];
  /** The user's forced list (settings or TAPEHOUSE_EXECUTION_PROVIDERS), or null. */
  override: string[] | null;
}

/** What the health route reports about inference. Throws validation_error for a bad override. */
export function describeInference(
  config: Pick<EngineConfig, 'executionProviders'>,
  probe: ProviderProbe = systemProbe(),
): InferenceDescription {
  const available = detectProviders(probe);
  return {
    version: onnxruntimeVersion(),
    available_providers: available,
    selected_providers: chooseProviders(available, config.executionProviders),
    override: config.executionProviders,
  };
}
