/**
 * Runs the preload the way a sandboxed renderer does (Electron's sandboxed_renderer/preload.ts):
 * CommonJS source called with require/process/exports/module, where require knows only
 * 'electron'. Electron itself cannot run here, so this is the check that the emitted preload
 * loads in a sandbox and exposes the bridge.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { BridgeBootstrap, TapehouseBridge } from './bridge-types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

function loadPreload(bootstrap: BridgeBootstrap | null): {
  bridge: TapehouseBridge;
  calls: unknown[][];
} {
  const source = fs.readFileSync(path.join(here, 'preload.cts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: 'preload.cts',
    compilerOptions: { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2023 },
  });
  const exposed = new Map<string, unknown>();
  const calls: unknown[][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => {
        calls.push(args);
        return null;
      },
      sendSync: (...args: unknown[]) => {
        calls.push(args);
        return bootstrap;
      },
    },
  };
  const sandboxRequire = (name: string): unknown => {
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const exports = {};
  const run = new Function('require', 'process', 'exports', 'module', outputText) as (
    ...args: unknown[]
  ) => void;
  run(sandboxRequire, {}, exports, { exports });
  expect([...exposed.keys()]).toEqual(['tapehouse']);
  return { bridge: exposed.get('tapehouse') as TapehouseBridge, calls };
}

const BOOT: BridgeBootstrap = {
  token: 'per-launch-token',
  appInfo: {
    name: 'Tapehouse',
    version: '0.1.0',
    platform: 'linux',
    electronVersion: '45.4.1',
    engineUrl: 'http://127.0.0.1:41234',
    credentialStore: 'keychain',
  },
};

describe('preload (sandboxed CommonJS)', () => {
  it('compiles to CommonJS that requires only electron', () => {
    const source = fs.readFileSync(path.join(here, 'preload.cts'), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: 'preload.cts',
      compilerOptions: { module: ts.ModuleKind.NodeNext },
    });
    expect(outputText).not.toMatch(/^\s*import\s/m);
    expect([...outputText.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual([
      'electron',
    ]);
  });

  it('exposes one bridge; token and app info come from one synchronous bootstrap', () => {
    const { bridge, calls } = loadPreload(BOOT);
    expect(Object.keys(bridge).sort()).toEqual([
      'credentials',
      'getAppInfo',
      'getStudioToken',
      'openFileDialog',
      'revealInFolder',
      'saveFileDialog',
    ]);
    expect(calls).toEqual([]);
    expect(bridge.getStudioToken()).toBe('per-launch-token');
    expect(bridge.getAppInfo()).toEqual(BOOT.appInfo);
    expect(bridge.getStudioToken()).toBe('per-launch-token');
    expect(calls).toEqual([['tapehouse:bootstrap']]);
  });

  it('maps every bridge call to its IPC channel', async () => {
    const { bridge, calls } = loadPreload(BOOT);
    await bridge.openFileDialog({ multiple: true });
    await bridge.saveFileDialog();
    await bridge.revealInFolder('/tmp/take.wav');
    await bridge.credentials.get('hosted:alice');
    await bridge.credentials.set('hosted:alice', 'secret');
    await bridge.credentials.delete('hosted:alice');
    expect(calls).toEqual([
      ['tapehouse:open-file-dialog', { multiple: true }],
      ['tapehouse:save-file-dialog', undefined],
      ['tapehouse:reveal-in-folder', '/tmp/take.wav'],
      ['tapehouse:credentials-get', 'hosted:alice'],
      ['tapehouse:credentials-set', 'hosted:alice', 'secret'],
      ['tapehouse:credentials-delete', 'hosted:alice'],
    ]);
  });

  it('refuses the token when main does not recognise the page', () => {
    const { bridge } = loadPreload(null);
    expect(() => bridge.getStudioToken()).toThrow('not the studio');
  });
});
