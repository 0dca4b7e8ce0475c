/**
 * Saved secrets (hosted-account tokens, API keys for peers): the OS keychain through keytar when
 * it loaded and answers, else a file in the data folder whose values are encrypted by Electron's
 * safeStorage (injected here as a SecretEncryptor, so this file runs under plain Node in tests).
 * With neither, nothing is stored: a secret is never written in plain text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CredentialStoreKind } from './bridge-types.ts';

export interface CredentialStore {
  readonly kind: CredentialStoreKind;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** The part of keytar we use (keytar is an optional dependency and may be absent). */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

/** Electron safeStorage behind an interface; isAvailable() is false for weak backends. */
export interface SecretEncryptor {
  isAvailable(): Promise<boolean>;
  encrypt(plainText: string): Promise<Buffer>;
  decrypt(encrypted: Buffer): Promise<string>;
}

export class CredentialStoreUnavailableError extends Error {
  override readonly name = 'CredentialStoreUnavailableError';
  constructor() {
    super(
      'No secure credential store is available: the OS keychain could not be reached and ' +
        'Electron safeStorage has no OS-backed key on this system. Nothing was saved.',
    );
  }
}

function isKeytar(value: unknown): value is Keytar {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

/** keytar, or null when it is not installed or its native module does not load. */
export async function loadKeytar(): Promise<Keytar | null> {
  // A variable specifier: keytar is optional, so the build must not need its types.
  const specifier = 'keytar';
  try {
    const loaded = (await import(specifier)) as { default?: unknown };
    const candidate = loaded.default ?? loaded;
    return isKeytar(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

export class KeychainCredentialStore implements CredentialStore {
  readonly kind = 'keychain';
  constructor(
    private readonly keytar: Keytar,
    private readonly service: string,
  ) {}

  get(account: string): Promise<string | null> {
    return this.keytar.getPassword(this.service, account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.keytar.setPassword(this.service, account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.keytar.deletePassword(this.service, account);
  }
}

interface SecretsFile {
  version: 1;
  /** account → base64 of the encrypted secret. */
  secrets: Record<string, string>;
}

/** One JSON file, values encrypted, written atomically with owner-only permissions. */
export class EncryptedFileCredentialStore implements CredentialStore {
  readonly kind = 'safe-storage';
  /** Writes are serialised so two quick set() calls cannot lose one another. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly encryptor: SecretEncryptor,
  ) {}

  #read(): SecretsFile {
    if (!fs.existsSync(this.file)) return { version: 1, secrets: {} };
    const parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<SecretsFile>;
    if (parsed.version !== 1 || typeof parsed.secrets !== 'object' || parsed.secrets === null) {
      throw new Error(`${this.file} is not a Tapehouse credentials file`);
    }
    return { version: 1, secrets: parsed.secrets };
  }

  #write(data: SecretsFile): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temp, this.file);
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async get(account: string): Promise<string | null> {
    const stored = this.#read().secrets[account];
    return stored === undefined ? null : this.encryptor.decrypt(Buffer.from(stored, 'base64'));
  }

  set(account: string, secret: string): Promise<void> {
    return this.#serial(async () => {
      const encrypted = await this.encryptor.encrypt(secret);
      const data = this.#read();
      data.secrets[account] = encrypted.toString('base64');
      this.#write(data);
    });
  }

  delete(account: string): Promise<boolean> {
    return this.#serial(async () => {
      const data = this.#read();
      if (!(account in data.secrets)) return false;
      delete data.secrets[account];
      this.#write(data);
      return true;
    });
  }
}

export class UnavailableCredentialStore implements CredentialStore {
  readonly kind = 'unavailable';
  async get(): Promise<string | null> {
    return null;
  }
  async set(): Promise<void> {
    throw new CredentialStoreUnavailableError();
  }
  async delete(): Promise<boolean> {
    return false;
  }
}

export interface CredentialStoreOptions {
  /** The keychain service name. */
  service: string;
  /** The encrypted-file fallback, e.g. <userData>/credentials.json. */
  file: string;
  encryptor: SecretEncryptor;
  loadKeytar?: () => Promise<Keytar | null>;
  /** How long the keychain may take to answer the probe (default 3 s). */
  probeTimeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * keytar when it loads and the keychain answers (on Linux it needs a running Secret Service),
 * else the safeStorage file, else none.
 */
export async function createCredentialStore(
  options: CredentialStoreOptions,
): Promise<CredentialStore> {
  const keytar = await (options.loadKeytar ?? loadKeytar)();
  if (keytar) {
    try {
      // A D-Bus session without a Secret Service can take long to fail; do not hold up startup.
      await withTimeout(
        keytar.findCredentials(options.service),
        options.probeTimeoutMs ?? 3_000,
        'The OS keychain',
      );
      return new KeychainCredentialStore(keytar, options.service);
    } catch {
      // No keychain daemon (e.g. a Linux session without gnome-keyring): try safeStorage.
    }
  }
  if (await options.encryptor.isAvailable().catch(() => false)) {
    return new EncryptedFileCredentialStore(options.file, options.encryptor);
  }
  return new UnavailableCredentialStore();
}
