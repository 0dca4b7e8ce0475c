import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCredentialStore,
  CredentialStoreUnavailableError,
  type Keytar,
  type SecretEncryptor,
} from './credential-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function credentialsFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-credentials-'));
  dirs.push(dir);
  return path.join(dir, 'credentials.json');
}

/** Stands in for safeStorage: reversible, and visibly not plain text. */
function fakeEncryptor(available = true): SecretEncryptor {
  return {
    isAvailable: async () => available,
    encrypt: async (text) => Buffer.from(`enc:${text}`, 'utf8').reverse(),
    decrypt: async (data) => Buffer.from(data).reverse().toString('utf8').replace(/^enc:/, ''),
  };
}

function memoryKeytar(options: { reachable: boolean }): Keytar & { saved: Map<string, string> } {
  const saved = new Map<string, string>();
  const key = (service: string, account: string): string => `${service}/${account}`;
  return {
    saved,
    findCredentials: async () => {
      if (!options.reachable) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      return [];
    },
    getPassword: async (service, account) => saved.get(key(service, account)) ?? null,
    setPassword: async (service, account, password) => {
      saved.set(key(service, account), password);
    },
    deletePassword: async (service, account) => saved.delete(key(service, account)),
  };
}

describe('createCredentialStore', () => {
  it('uses the OS keychain when keytar loads and the keychain answers', async () => {
    const keytar = memoryKeytar({ reachable: true });
    const store = await createCredentialStore({
      service: 'Tapehouse',
      file: credentialsFile(),
      encryptor: fakeEncryptor(),
      loadKeytar: async () => keytar,
    });
    expect(store.kind).toBe('keychain');
    await store.set('hosted:alice', 'token-1');
    expect(keytar.saved.get('Tapehouse/hosted:alice')).toBe('token-1');
    expect(await store.get('hosted:alice')).toBe('token-1');
    expect(await store.delete('hosted:alice')).toBe(true);
    expect(await store.get('hosted:alice')).toBeNull();
  });

  it('falls back to the encrypted file when the keychain is unreachable', async () => {
    const file = credentialsFile();
    const store = await createCredentialStore({
      service: 'Tapehouse',
      file,
      encryptor: fakeEncryptor(),
      loadKeytar: async () => memoryKeytar({ reachable: false }),
    });
    expect(store.kind).toBe('safe-storage');
    await Promise.all([store.set('a', 'first secret'), store.set('b', 'second secret')]);
    expect(await store.get('a')).toBe('first secret');
    expect(await store.get('b')).toBe('second secret');
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).not.toContain('first secret');
    expect(raw).not.toContain('second secret');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('second secret');
  });

  it('does not wait for a keychain that never answers', async () => {
    const hanging = memoryKeytar({ reachable: true });
    hanging.findCredentials = () => new Promise(() => undefined);
    const store = await createCredentialStore({
      service: 'Tapehouse',
      file: credentialsFile(),
      encryptor: fakeEncryptor(),
      loadKeytar: async () => hanging,
      probeTimeoutMs: 50,
    });
    expect(store.kind).toBe('safe-storage');
  });

  it('stores nothing when neither the keychain nor safeStorage is available', async () => {
    const file = credentialsFile();
    const store = await createCredentialStore({
      service: 'Tapehouse',
      file,
      encryptor: fakeEncryptor(false),
      loadKeytar: async () => null,
    });
    expect(store.kind).toBe('unavailable');
    await expect(store.set('a', 'secret')).rejects.toThrow(CredentialStoreUnavailableError);
    expect(await store.get('a')).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });
});
