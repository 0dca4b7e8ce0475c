/**
 * The one bridge the preload exposes as `window.tapehouse`, and the IPC contract behind it.
 * Types only: the renderer imports this file with `import type`, and the sandboxed preload
 * cannot `require` local files at run time (only `electron` and a few Node built-ins), so
 * nothing here may exist at run time.
 */

/** Where saved credentials live: the OS keychain (keytar), an Electron safeStorage file, or none. */
export type CredentialStoreKind = 'keychain' | 'safe-storage' | 'unavailable';

export interface AppInfo {
  name: string;
  version: string;
  /** Node's process.platform of the main process: 'darwin', 'win32', 'linux', ... */
  platform: string;
  electronVersion: string;
  /** The engine's base URL for this page load (it can change when the engine restarts). */
  engineUrl: string;
  credentialStore: CredentialStoreKind;
}

export interface FileFilter {
  name: string;
  /** Extensions without the dot; `*` for all files. */
  extensions: string[];
}

export interface OpenFileDialogOptions {
  title?: string;
  defaultPath?: string;
  filters?: FileFilter[];
  /** Allow several files (default false). */
  multiple?: boolean;
  /** Pick folders instead of files (default false). */
  directory?: boolean;
}

export interface SaveFileDialogOptions {
  title?: string;
  defaultPath?: string;
  filters?: FileFilter[];
}

export interface CredentialsBridge {
  /** The saved secret, or null when there is none. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when a secret was deleted. */
  delete(account: string): Promise<boolean>;
}

export interface TapehouseBridge {
  /** The per-launch token for `Authorization: Bearer <token>` against the engine. */
  getStudioToken(): string;
  getAppInfo(): AppInfo;
  /** Absolute paths chosen; empty when the user cancelled. */
  openFileDialog(options?: OpenFileDialogOptions): Promise<string[]>;
  /** The absolute path chosen, or null when the user cancelled. */
  saveFileDialog(options?: SaveFileDialogOptions): Promise<string | null>;
  /** Shows the file in the OS file manager. */
  revealInFolder(path: string): Promise<void>;
  credentials: CredentialsBridge;
}

/** What the preload fetches synchronously once per page load. */
export interface BridgeBootstrap {
  token: string;
  appInfo: AppInfo;
}

/** The synchronous channel (ipcRenderer.sendSync) answering a BridgeBootstrap or null. */
export type BootstrapChannel = 'tapehouse:bootstrap';

/** Every ipcRenderer.invoke channel with its argument tuple and result. */
export interface IpcInvokeContract {
  'tapehouse:open-file-dialog': { args: [options?: OpenFileDialogOptions]; result: string[] };
  'tapehouse:save-file-dialog': { args: [options?: SaveFileDialogOptions]; result: string | null };
  'tapehouse:reveal-in-folder': { args: [path: string]; result: void };
  'tapehouse:credentials-get': { args: [account: string]; result: string | null };
  'tapehouse:credentials-set': { args: [account: string, secret: string]; result: void };
  'tapehouse:credentials-delete': { args: [account: string]; result: boolean };
}

export type IpcInvokeChannel = keyof IpcInvokeContract;

declare global {
  interface Window {
    /**
     * Present in the desktop app only: the one way the desktop studio gets its token. The web
     * studio signs in with a one-time link instead (renderer/src/api/studio-access.ts).
     */
    tapehouse?: TapehouseBridge;
  }
}
