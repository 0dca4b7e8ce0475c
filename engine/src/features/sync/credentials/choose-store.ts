/**
 * Picks the secret store once per engine (config `sync.credentialStore`): `auto` tries the OS
 * credential store and falls back to the 0600 file; `keychain` insists on the OS store (start-up
 * does not fail: linking is refused and sync/status says why); `file` never touches the OS store.
 */
import path from 'node:path';
import type { CredentialStoreMode } from '../../../config.ts';
import { FileSecretStore } from './file-store.ts';
import {
  KeychainSecretStore,
  KEYCHAIN_SERVICE,
  loadKeytar,
  type Keytar,
} from './keychain-store.ts';
import { UnavailableSecretStore, type SecretStore } from './secret-store.ts';

export interface ChosenStore {
  store: SecretStore;
  /** Why the OS store is not used, when it is not (shown in sync/status). */
  note: string | null;
}

export interface ChooseOptions {
  mode: CredentialStoreMode;
  home: string;
  loadKeytar?: () => Promise<Keytar | null>;
  /** How long the OS store may take to answer the probe. */
  probeTimeoutMs?: number;
  service?: string;
}

export const CREDENTIALS_FILE = 'sync-credentials.json';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function chooseSecretStore(options: ChooseOptions): Promise<ChosenStore> {
  const file = new FileSecretStore(path.join(options.home, CREDENTIALS_FILE));
  if (options.mode === 'file') {
    return { store: file, note: 'The file store was chosen in the settings (credentialStore).' };
  }
  const keytar = await (options.loadKeytar ?? loadKeytar)();
  let reason = 'keytar (the OS credential store binding) is not installed or did not load';
  if (keytar) {
    const service = options.service ?? KEYCHAIN_SERVICE;
    try {
      // A session bus without a Secret Service fails fast; a hung one must not hold up start-up.
      await withTimeout(keytar.findCredentials(service), options.probeTimeoutMs ?? 3000);
      return { store: new KeychainSecretStore(keytar, service), note: null };
    } catch (error) {
      reason = `the OS credential store did not answer (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  if (options.mode === 'keychain') {
    return {
      store: new UnavailableSecretStore(reason),
      note: `credentialStore is "keychain", but ${reason}: linking is refused until it answers.`,
    };
  }
  return {
    store: file,
    note: `Tokens are kept in ${file.location} (readable by this user only) because ${reason}.`,
  };
}
