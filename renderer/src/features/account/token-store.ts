/**
 * Where the signed-in person's tokens are kept between page loads. Never localStorage: it outlives
 * the browser session and every tab of the origin shares it. The web studio keeps them in memory
 * plus sessionStorage (this tab, until it closes); the desktop app in the OS credential store via
 * the preload bridge. No DOM globals here: browser-token-store.ts picks the real backend.
 */

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Access-token expiry, ms since the epoch. */
  expiresAt: number;
  userId: string;
  email: string;
}

export interface TokenStore {
  /** 'session' (sessionStorage), 'keychain' (Electron credential store) or 'memory'. */
  readonly kind: 'session' | 'keychain' | 'memory';
  load(): Promise<StoredTokens | null>;
  save(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
}

/** The part of the Storage interface we use (sessionStorage in the browser). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** electron/bridge-types.ts CredentialsBridge, structurally. */
export interface CredentialsLike {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export const STORAGE_KEY = 'tapehouse.account.session';
/** Keychain account names allow [A-Za-z0-9._@:+-] only (electron/ipc-schemas.ts). */
export const KEYCHAIN_ACCOUNT = 'studio:account-session';

export function serializeTokens(tokens: StoredTokens): string {
  return JSON.stringify({ v: 1, ...tokens });
}

/** Parses what serializeTokens wrote; anything else (old format, tampering) is null. */
export function parseStoredTokens(text: string | null): StoredTokens | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { v, accessToken, refreshToken, expiresAt, userId, email } = value as Record<
    string,
    unknown
  >;
  if (v !== 1) return null;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  if (typeof refreshToken !== 'string' || refreshToken === '') return null;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  if (typeof userId !== 'string' || typeof email !== 'string') return null;
  return { accessToken, refreshToken, expiresAt, userId, email };
}

export function memoryTokenStore(): TokenStore {
  let saved: StoredTokens | null = null;
  return {
    kind: 'memory',
    load: async () => saved,
    save: async (tokens) => {
      saved = tokens;
    },
    clear: async () => {
      saved = null;
    },
  };
}

/** sessionStorage (or any Storage); a full or disabled storage degrades to memory only. */
export function webStorageTokenStore(storage: StorageLike, key = STORAGE_KEY): TokenStore {
  return {
    kind: 'session',
    load: async () => {
      try {
        return parseStoredTokens(storage.getItem(key));
      } catch {
        return null;
      }
    },
    save: async (tokens) => {
      try {
        storage.setItem(key, serializeTokens(tokens));
      } catch {
        // Quota or privacy mode: the session still works for this page load, from memory.
      }
    },
    clear: async () => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}

export function keychainTokenStore(
  credentials: CredentialsLike,
  account = KEYCHAIN_ACCOUNT,
): TokenStore {
  return {
    kind: 'keychain',
    load: async () => parseStoredTokens(await credentials.get(account)),
    save: (tokens) => credentials.set(account, serializeTokens(tokens)),
    clear: async () => {
      await credentials.delete(account);
    },
  };
}
