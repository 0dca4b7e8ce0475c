/**
 * The main-process side of the preload bridge. Every call is checked twice: the sender must be
 * the top frame of a page on the engine's origin, and the arguments must parse (ipc-schemas.ts).
 */
import fs from 'node:fs';
import {
  BrowserWindow,
  dialog,
  ipcMain,
  shell,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import type {
  AppInfo,
  BootstrapChannel,
  BridgeBootstrap,
  IpcInvokeChannel,
  IpcInvokeContract,
} from './bridge-types.ts';
import type { CredentialStore } from './credential-store.ts';
import { parseIpcArgs } from './ipc-schemas.ts';
import { isEngineUrl, originOf } from './navigation-policy.ts';

export interface IpcContext {
  studioToken: string;
  /** The current engine URL, or null while the engine is not ready. */
  engineUrl(): string | null;
  credentials: CredentialStore;
  appInfo(): Omit<AppInfo, 'engineUrl'>;
}

export class IpcSenderError extends Error {
  override readonly name = 'IpcSenderError';
}

type Handler<C extends IpcInvokeChannel> = (
  event: IpcMainInvokeEvent,
  ...args: IpcInvokeContract[C]['args']
) => Promise<IpcInvokeContract[C]['result']>;

const BOOTSTRAP: BootstrapChannel = 'tapehouse:bootstrap';

export function registerIpcHandlers(context: IpcContext): void {
  const trusted = (event: IpcMainEvent | IpcMainInvokeEvent): boolean => {
    const url = context.engineUrl();
    try {
      const frame = event.senderFrame;
      if (frame === null || url === null || frame.parent !== null) return false;
      return isEngineUrl(frame.url, originOf(url));
    } catch {
      // The frame was destroyed or navigated away while the message was in flight.
      return false;
    }
  };

  const handle = <C extends IpcInvokeChannel>(channel: C, handler: Handler<C>): void => {
    ipcMain.handle(channel, (event, ...raw: unknown[]) => {
      if (!trusted(event)) {
        throw new IpcSenderError(`${channel} refused: the caller is not the Tapehouse studio page`);
      }
      return handler(event, ...parseIpcArgs(channel, raw));
    });
  };

  const windowOf = (event: IpcMainInvokeEvent): BrowserWindow | null =>
    BrowserWindow.fromWebContents(event.sender);

  // Synchronous, once per page load: the token and app info the bridge returns synchronously.
  ipcMain.on(BOOTSTRAP, (event) => {
    const url = context.engineUrl();
    const answer: BridgeBootstrap | null =
      url !== null && trusted(event)
        ? { token: context.studioToken, appInfo: { ...context.appInfo(), engineUrl: url } }
        : null;
    event.returnValue = answer;
  });

  handle('tapehouse:open-file-dialog', async (event, options) => {
    const properties: OpenDialogOptions['properties'] = [
      options?.directory ? 'openDirectory' : 'openFile',
    ];
    if (options?.multiple) properties.push('multiSelections');
    if (options?.directory) properties.push('createDirectory');
    const dialogOptions: OpenDialogOptions = {
      title: options?.title,
      defaultPath: options?.defaultPath,
      filters: options?.filters,
      properties,
    };
    const window = windowOf(event);
    const result = window
      ? await dialog.showOpenDialog(window, dialogOptions)
      : await dialog.showOpenDialog(dialogOptions);
    return result.canceled ? [] : result.filePaths;
  });

  handle('tapehouse:save-file-dialog', async (event, options) => {
    const dialogOptions: SaveDialogOptions = {
      title: options?.title,
      defaultPath: options?.defaultPath,
      filters: options?.filters,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const window = windowOf(event);
    const result = window
      ? await dialog.showSaveDialog(window, dialogOptions)
      : await dialog.showSaveDialog(dialogOptions);
    return result.canceled || !result.filePath ? null : result.filePath;
  });

  handle('tapehouse:reveal-in-folder', async (_event, target) => {
    if (!fs.existsSync(target)) throw new Error(`${target} does not exist`);
    shell.showItemInFolder(target);
  });

  handle('tapehouse:credentials-get', (_event, account) => context.credentials.get(account));
  handle('tapehouse:credentials-set', (_event, account, secret) =>
    context.credentials.set(account, secret),
  );
  handle('tapehouse:credentials-delete', (_event, account) => context.credentials.delete(account));
}
