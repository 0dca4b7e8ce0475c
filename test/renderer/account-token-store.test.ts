import { describe, expect, it } from 'vitest';
import {
  KEYCHAIN_ACCOUNT,
  STORAGE_KEY,
  keychainTokenStore,
  parseStoredTokens,
  serializeTokens,
  webStorageTokenStore,
  type StorageLike,
  type StoredTokens,
} from '../../renderer/src/features/account/token-store.ts';

const saved: StoredTokens = {
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 1_800_000_000_000,
  userId: 'u-1',
  email: 'ada@example.com',
};

function mapStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('token store', () => {
  it('round-trips and refuses anything it did not write', () => {
    expect(parseStoredTokens(serializeTokens(saved))).toEqual(saved);
    expect(parseStoredTokens(null)).toBeNull();
    expect(parseStoredTokens('not json')).toBeNull();
    expect(parseStoredTokens('"a string"')).toBeNull();
    expect(parseStoredTokens(JSON.stringify(saved))).toBeNull(); // no version
    expect(parseStoredTokens(JSON.stringify({ v: 2, ...saved }))).toBeNull();
    expect(parseStoredTokens(JSON.stringify({ v: 1, ...saved, accessToken: '' }))).toBeNull();
    expect(parseStoredTokens(JSON.stringify({ v: 1, ...saved, expiresAt: '1' }))).toBeNull();
  });

  it('keeps the session in the given (session) storage under one key', async () => {
    const storage = mapStorage();
    const store = webStorageTokenStore(storage);
    expect(store.kind).toBe('session');
    await store.save(saved);
    expect([...storage.map.keys()]).toEqual([STORAGE_KEY]);
    expect(await store.load()).toEqual(saved);
    await store.clear();
    expect(storage.map.size).toBe(0);
    expect(await store.load()).toBeNull();
  });

  it('survives a storage that throws (quota, privacy mode)', async () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = webStorageTokenStore(broken);
    await expect(store.save(saved)).resolves.toBeUndefined();
    await expect(store.load()).resolves.toBeNull();
    await expect(store.clear()).resolves.toBeUndefined();
  });

  it('uses the desktop credential store under an account name the bridge accepts', async () => {
    const secrets = new Map<string, string>();
    const store = keychainTokenStore({
      get: async (account) => secrets.get(account) ?? null,
      set: async (account, secret) => void secrets.set(account, secret),
      delete: async (account) => secrets.delete(account),
    });
    expect(KEYCHAIN_ACCOUNT).toMatch(/^[A-Za-z0-9._@:+-]{1,128}$/); // electron/ipc-schemas.ts
    await store.save(saved);
    expect(await store.load()).toEqual(saved);
    await store.clear();
    expect(secrets.size).toBe(0);
  });
});
