/**
 * Electron main: one instance, one engine (a utilityProcess watched by EngineSupervisor), one
 * window showing the studio the engine serves. Main never runs inference; the renderer talks
 * only to the engine, with the per-launch token it gets through the preload bridge.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, Menu, safeStorage, shell } from 'electron';
import type { EngineEnv } from './engine-child.ts';
import type { EngineCrashLoopError } from './engine-errors.ts';
import { utilityEngineSpawner } from './engine-spawn-utility.ts';
import { EngineSupervisor, type EngineReady, type LaunchContext } from './engine-supervisor.ts';
import { createCredentialStore, type SecretEncryptor } from './credential-store.ts';
import { registerIpcHandlers } from './ipc-handlers.ts';
import { buildAppMenu } from './menu.ts';
import { originOf } from './navigation-policy.ts';
import { studioHome } from './studio-home.ts';
import { installWebSecurity } from './web-security.ts';

/** The first start migrates the database and loads ONNX Runtime; slow disks need the margin. */
const ENGINE_READY_TIMEOUT_MS = 60_000;
const APP_ROOT = app.getAppPath();
const ENGINE_ENTRY = path.join(APP_ROOT, 'dist', 'engine', 'main.js');
const PRELOAD = path.join(import.meta.dirname, 'preload.cjs');

function safeStorageEncryptor(): SecretEncryptor {
  return {
    isAvailable: async () => {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
      // Without a keyring Linux falls back to a hard-coded key: no better than plain text.
      return (
        process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'
      );
    },
    encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
    decrypt: async (encrypted) => (await safeStorage.decryptStringAsync(encrypted)).result,
  };
}

/** Appends to the engine log, keeping one previous file once it passes 5 MB. */
function openEngineLog(file: string): fs.WriteStream {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file) && fs.statSync(file).size > 5 * 1024 * 1024) {
    fs.renameSync(file, `${file}.1`);
  }
  return fs.createWriteStream(file, { flags: 'a' });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class TapehouseDesktop {
  readonly #studioToken = randomBytes(32).toString('base64url');
  readonly #supervisor: EngineSupervisor;
  readonly #engineLog: fs.WriteStream;
  #window: BrowserWindow | null = null;
  /** False after the user closed the window on macOS (the app stays in the Dock). */
  #wantWindow = true;
  #engineOrigin: string | null = null;
  #quitting = false;
  #stopRequested = false;
  #engineStopped = false;

  constructor() {
    this.#engineLog = openEngineLog(path.join(app.getPath('userData'), 'logs', 'engine.log'));
    this.#supervisor = new EngineSupervisor({
      spawn: utilityEngineSpawner(ENGINE_ENTRY),
      env: (context) => this.#engineEnv(context),
      readyTimeoutMs: ENGINE_READY_TIMEOUT_MS,
    });
    this.#supervisor.on('log', ({ stream, line }) => {
      this.#engineLog.write(`${new Date().toISOString()} ${stream} ${line}\n`);
      if (!app.isPackaged) (stream === 'stderr' ? console.error : console.log)(`[engine] ${line}`);
    });
    this.#supervisor.on('ready', (ready) => this.#onEngineReady(ready));
    this.#supervisor.on('exit', ({ pid, code, signal, expected }) => {
      if (!expected) console.error(`[engine] pid ${pid} stopped (code ${code}, signal ${signal})`);
    });
    this.#supervisor.on('restarting', ({ attempt, delayMs, reason }) => {
      console.error(`[engine] ${reason}; restart ${attempt} in ${delayMs} ms`);
      this.#window?.setTitle('Tapehouse — restarting the engine…');
    });
    this.#supervisor.on('fatal', (error) => void this.#onEngineFatal(error));
  }

  async run(): Promise<void> {
    app.on('second-instance', () => this.#focusWindow());
    app.on('before-quit', (event) => {
      this.#quitting = true;
      if (this.#engineStopped) return;
      // Quit only once the engine has saved its state and released the database.
      event.preventDefault();
      void this.#stopEngineThenQuit();
    });
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    app.on('activate', () => {
      this.#wantWindow = true;
      const url = this.#supervisor.url;
      if (this.#window === null && url !== null) this.#showStudio(url);
    });

    await app.whenReady();
    installWebSecurity(() => this.#engineOrigin);
    app.setAboutPanelOptions({
      applicationName: 'Tapehouse',
      applicationVersion: app.getVersion(),
    });
    Menu.setApplicationMenu(
      buildAppMenu({
        openDataFolder: () => void shell.openPath(this.#engineHome()),
        openWebStudio: () => void this.#openWebStudio(),
      }),
    );
    const credentials = await createCredentialStore({
      service: 'Tapehouse',
      file: path.join(app.getPath('userData'), 'credentials.json'),
      encryptor: safeStorageEncryptor(),
    });
    registerIpcHandlers({
      studioToken: this.#studioToken,
      engineUrl: () => this.#supervisor.url,
      credentials,
      appInfo: () => ({
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform,
        electronVersion: process.versions.electron,
        credentialStore: credentials.kind,
      }),
    });
    // The 'ready' event opens the window.
    await this.#startEngine();
  }

  /**
   * Opens the web studio in the user's browser. The browser has no bridge, so it gets a
   * one-time sign-in link minted with this launch's token (docs/api/auth.md); the page itself
   * never carries a credential.
   */
  async #openWebStudio(): Promise<void> {
    const url = this.#supervisor.url;
    if (url === null) return;
    try {
      const response = await fetch(`${url}/api/v1/local/login-links`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.#studioToken}` },
      });
      if (!response.ok) throw new Error(`the engine answered ${response.status}`);
      const { url: link } = (await response.json()) as { url: string };
      await shell.openExternal(link);
    } catch (error) {
      console.error(`[engine] could not open the web studio: ${describe(error)}`);
    }
  }

  #engineHome(): string {
    return process.env.TAPEHOUSE_HOME || app.getPath('userData');
  }

  #engineEnv(context: LaunchContext): EngineEnv {
    const env = process.env;
    // A restarted engine keeps its port, so the window keeps its origin (and its storage);
    // after a failed launch it takes any free port in case that port was taken meanwhile.
    const keepPort = context.previousPort !== null && context.failedLaunches === 0;
    return {
      TAPEHOUSE_HOME: this.#engineHome(),
      TAPEHOUSE_HOST: env.TAPEHOUSE_HOST || '127.0.0.1',
      TAPEHOUSE_PORT: keepPort ? String(context.previousPort) : env.TAPEHOUSE_PORT || '0',
      TAPEHOUSE_STUDIO_TOKEN: this.#studioToken,
      // The window gets the token over the preload bridge; no sign-in link in the engine log.
      TAPEHOUSE_LOGIN_LINK: '0',
      TAPEHOUSE_STUDIO_DIR: env.TAPEHOUSE_STUDIO_DIR || path.join(APP_ROOT, 'dist', 'renderer'),
      // Packaged: electron-builder's extraResources put models/*.json under resources/models.
      TAPEHOUSE_MANIFESTS_DIR:
        env.TAPEHOUSE_MANIFESTS_DIR ||
        path.join(app.isPackaged ? process.resourcesPath : APP_ROOT, 'models'),
      // The yt-dlp tool pack's manifest (tools/yt-dlp.json), packaged the same way.
      TAPEHOUSE_TOOLS_DIR:
        env.TAPEHOUSE_TOOLS_DIR ||
        path.join(app.isPackaged ? process.resourcesPath : APP_ROOT, 'tools'),
    };
  }

  /** Starts the engine, asking the user to retry or quit while it fails. */
  async #startEngine(): Promise<EngineReady | null> {
    for (;;) {
      try {
        return await this.#supervisor.start();
      } catch (error) {
        console.error(`[engine] ${describe(error)}`);
        if (this.#quitting) return null;
        if (!(await this.#askRetry('Tapehouse could not start its engine', error))) {
          app.quit();
          return null;
        }
      }
    }
  }

  async #onEngineFatal(error: EngineCrashLoopError): Promise<void> {
    console.error(`[engine] ${error.message}`);
    if (this.#quitting) return;
    if (!(await this.#askRetry('The Tapehouse engine keeps stopping', error))) {
      app.quit();
      return;
    }
    await this.#startEngine();
  }

  async #askRetry(message: string, error: unknown): Promise<boolean> {
    const options = {
      type: 'error' as const,
      title: 'Tapehouse',
      message,
      detail: `${describe(error)}\n\nEngine log: ${path.join(app.getPath('userData'), 'logs', 'engine.log')}`,
      buttons: ['Try Again', 'Quit'],
      defaultId: 0,
      cancelId: 1,
      noLink: true,
    };
    const window = this.#window;
    const { response } = window
      ? await dialog.showMessageBox(window, options)
      : await dialog.showMessageBox(options);
    return response === 0;
  }

  #onEngineReady(ready: EngineReady): void {
    this.#engineOrigin = originOf(ready.url);
    console.log(`[engine] ready at ${ready.url} (pid ${ready.pid})`);
    if (this.#window !== null || this.#wantWindow) this.#showStudio(ready.url);
  }

  /** Loads the studio in the window (a restarted engine gets a fresh page), creating it if needed. */
  #showStudio(url: string): void {
    const window = this.#window ?? this.#createWindow();
    window.loadURL(url).catch((error: unknown) => {
      console.error(`[window] could not load ${url}: ${describe(error)}`);
      window.show();
    });
  }

  #createWindow(): BrowserWindow {
    const window = new BrowserWindow({
      title: 'Tapehouse',
      width: 1280,
      height: 820,
      minWidth: 900,
      minHeight: 600,
      show: false,
      backgroundColor: '#17171b',
      webPreferences: {
        preload: PRELOAD,
        contextIsolation: true,
        nodeIntegration: false,
        sandbox: true,
        webSecurity: true,
        allowRunningInsecureContent: false,
        navigateOnDragDrop: false,
        spellcheck: true,
      },
    });
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (this.#window === window) this.#window = null;
      this.#wantWindow = false;
    });
    this.#window = window;
    return window;
  }

  #focusWindow(): void {
    const window = this.#window;
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  async #stopEngineThenQuit(): Promise<void> {
    if (this.#stopRequested) return;
    this.#stopRequested = true;
    try {
      await this.#supervisor.stop();
    } catch (error) {
      console.error(`[engine] stopping failed: ${describe(error)}`);
    }
    this.#engineStopped = true;
    this.#engineLog.end();
    app.quit();
  }
}

// Before anything reads userData (the single-instance lock lives there): the desktop app and a
// headless `npm run engine` share one data folder.
app.setName('Tapehouse');
app.setPath('userData', studioHome());
app.enableSandbox();

if (app.requestSingleInstanceLock()) {
  new TapehouseDesktop().run().catch((error: unknown) => {
    dialog.showErrorBox('Tapehouse could not start', describe(error));
    app.exit(1);
  });
} else {
  app.quit();
}
