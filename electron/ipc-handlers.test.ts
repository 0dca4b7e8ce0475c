/**
 * The main-process IPC handlers with Electron's modules replaced by recorders: who may call
 * (top frame on the engine origin only) and what arguments get through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcInvokeChannel } from './bridge-types.ts';

type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;
interface FakeEvent {
  senderFrame: { url: string; parent: object | null } | null;
  sender: object;
  returnValue?: unknown;
}

const electron = vi.hoisted(() => ({
  handlers: new Map<string, Listener>(),
  listeners: new Map<string, Listener>(),
  openDialogs: [] as unknown[],
  revealed: [] as string[],
  openResult: { canceled: false, filePaths: ['/music/take1.wav'] },
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, listener: Listener) => electron.handlers.set(channel, listener),
    on: (channel: string, listener: Listener) => electron.listeners.set(channel, listener),
  },
  BrowserWindow: { fromWebContents: () => null },
  dialog: {
    showOpenDialog: async (options: unknown) => {
      electron.openDialogs.push(options);
      return electron.openResult;
    },
    showSaveDialog: async () => ({ canceled: true, filePath: '' }),
  },
  shell: { showItemInFolder: (file: string) => electron.revealed.push(file) },
}));

const ENGINE_URL = 'http://127.0.0.1:41234';
const secrets = new Map<string, string>();
let engineUrl: string | null = ENGINE_URL;

const studioPage = (url = `${ENGINE_URL}/projects`, parent: object | null = null): FakeEvent => ({
  senderFrame: { url, parent },
  sender: {},
});

function invoke(channel: IpcInvokeChannel, event: FakeEvent, ...args: unknown[]): Promise<unknown> {
  const handler = electron.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return Promise.resolve().then(() => handler(event, ...args));
}

function bootstrap(event: FakeEvent): unknown {
  electron.listeners.get('tapehouse:bootstrap')?.(event);
  return event.returnValue;
}

beforeAll(async () => {
  const { registerIpcHandlers } = await import('./ipc-handlers.ts');
  registerIpcHandlers({
    studioToken: 'per-launch-token',
    engineUrl: () => engineUrl,
    appInfo: () => ({
      name: 'Tapehouse',
      version: '0.1.0',
      platform: 'linux',
      electronVersion: '45.4.1',
      credentialStore: 'safe-storage',
    }),
    credentials: {
      kind: 'safe-storage',
      get: async (account) => secrets.get(account) ?? null,
      set: async (account, secret) => {
        secrets.set(account, secret);
      },
      delete: async (account) => secrets.delete(account),
    },
  });
});

beforeEach(() => {
  engineUrl = ENGINE_URL;
  electron.openDialogs.length = 0;
  electron.revealed.length = 0;
  secrets.clear();
});

describe('IPC handlers', () => {
  it('registers a handler for every channel of the contract', () => {
    expect([...electron.handlers.keys()].sort()).toEqual([
      'tapehouse:credentials-delete',
      'tapehouse:credentials-get',
      'tapehouse:credentials-set',
      'tapehouse:open-file-dialog',
      'tapehouse:reveal-in-folder',
      'tapehouse:save-file-dialog',
    ]);
    expect([...electron.listeners.keys()]).toEqual(['tapehouse:bootstrap']);
  });

  it('hands the token only to the top frame of a page on the engine origin', () => {
    expect(bootstrap(studioPage())).toEqual({
      token: 'per-launch-token',
      appInfo: expect.objectContaining({ engineUrl: ENGINE_URL, credentialStore: 'safe-storage' }),
    });
    expect(bootstrap(studioPage('https://evil.example/'))).toBeNull();
    expect(bootstrap(studioPage('http://127.0.0.1:41235/'))).toBeNull();
    expect(bootstrap(studioPage(`${ENGINE_URL}/`, {}))).toBeNull();
    expect(bootstrap({ senderFrame: null, sender: {} })).toBeNull();
    engineUrl = null;
    expect(bootstrap(studioPage())).toBeNull();
  });

  it('refuses calls from other origins before looking at the arguments', async () => {
    await expect(
      invoke('tapehouse:credentials-get', studioPage('https://evil.example/'), 'hosted:alice'),
    ).rejects.toThrow('not the Tapehouse studio page');
    await expect(
      invoke('tapehouse:open-file-dialog', studioPage(`${ENGINE_URL}/`, {}), {}),
    ).rejects.toThrow('not the Tapehouse studio page');
    expect(electron.openDialogs).toEqual([]);
  });

  it('rejects malformed arguments without opening anything', async () => {
    await expect(
      invoke('tapehouse:open-file-dialog', studioPage(), { properties: ['openFile'] }),
    ).rejects.toThrow('invalid arguments for tapehouse:open-file-dialog');
    await expect(
      invoke('tapehouse:reveal-in-folder', studioPage(), 'relative.wav'),
    ).rejects.toThrow('absolute path');
    expect(electron.openDialogs).toEqual([]);
    expect(electron.revealed).toEqual([]);
  });

  it('opens the file dialog with the requested options', async () => {
    const paths = await invoke('tapehouse:open-file-dialog', studioPage(), {
      title: 'Import takes',
      multiple: true,
      filters: [{ name: 'Audio', extensions: ['wav'] }],
    });
    expect(paths).toEqual(['/music/take1.wav']);
    expect(electron.openDialogs).toEqual([
      {
        title: 'Import takes',
        defaultPath: undefined,
        filters: [{ name: 'Audio', extensions: ['wav'] }],
        properties: ['openFile', 'multiSelections'],
      },
    ]);
    expect(await invoke('tapehouse:save-file-dialog', studioPage())).toBeNull();
  });

  it('reveals existing files only', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-reveal-')), 'a.wav');
    await expect(invoke('tapehouse:reveal-in-folder', studioPage(), file)).rejects.toThrow(
      'does not exist',
    );
    fs.writeFileSync(file, '');
    await invoke('tapehouse:reveal-in-folder', studioPage(), file);
    expect(electron.revealed).toEqual([file]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('passes credentials through to the store', async () => {
    await invoke('tapehouse:credentials-set', studioPage(), 'hosted:alice', 's3cret');
    expect(await invoke('tapehouse:credentials-get', studioPage(), 'hosted:alice')).toBe('s3cret');
    expect(await invoke('tapehouse:credentials-delete', studioPage(), 'hosted:alice')).toBe(true);
    expect(await invoke('tapehouse:credentials-get', studioPage(), 'hosted:alice')).toBeNull();
  });
});
