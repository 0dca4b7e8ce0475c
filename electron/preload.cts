/**
 * The preload: exposes one typed bridge as `window.tapehouse`. It runs sandboxed, where only
 * `electron` and a few Node built-ins can be required, so it is CommonJS (this .cts file
 * compiles to preload.cjs) and imports nothing local at run time, only types.
 */
import type {
  BootstrapChannel,
  BridgeBootstrap,
  IpcInvokeChannel,
  IpcInvokeContract,
  TapehouseBridge,
} from './bridge-types.ts';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS
import electron = require('electron');

const { contextBridge, ipcRenderer } = electron;

function invoke<C extends IpcInvokeChannel>(
  channel: C,
  ...args: IpcInvokeContract[C]['args']
): Promise<IpcInvokeContract[C]['result']> {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcInvokeContract[C]['result']>;
}

const BOOTSTRAP: BootstrapChannel = 'tapehouse:bootstrap';
let bootstrap: BridgeBootstrap | null = null;

/**
 * Asked on first use rather than at preload time, when the page's URL (which main checks
 * against the engine origin) is certainly committed. One synchronous round trip per page.
 */
function boot(): BridgeBootstrap {
  if (bootstrap === null) {
    const answer = ipcRenderer.sendSync(BOOTSTRAP) as BridgeBootstrap | null;
    if (answer === null) throw new Error('Tapehouse: this page is not the studio; no token for it');
    bootstrap = answer;
  }
  return bootstrap;
}

const bridge = {
  getStudioToken: () => boot().token,
  getAppInfo: () => ({ ...boot().appInfo }),
  openFileDialog: (options) => invoke('tapehouse:open-file-dialog', options),
  saveFileDialog: (options) => invoke('tapehouse:save-file-dialog', options),
  revealInFolder: (path) => invoke('tapehouse:reveal-in-folder', path),
  credentials: {
    get: (account) => invoke('tapehouse:credentials-get', account),
    set: (account, secret) => invoke('tapehouse:credentials-set', account, secret),
    delete: (account) => invoke('tapehouse:credentials-delete', account),
  },
} satisfies TapehouseBridge;

contextBridge.exposeInMainWorld('tapehouse', bridge);
