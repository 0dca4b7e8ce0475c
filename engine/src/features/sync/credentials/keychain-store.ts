/**
 * The OS credential store through keytar, an optional native dependency: absent, or unable to
 * reach a store (no Secret Service on the session bus), and sync falls back to the file store.
 */
import type { SecretStore } from './secret-store.ts';

/** The part of keytar sync uses. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

/** The keychain service name every hosted token is filed under. */
export const KEYCHAIN_SERVICE = 'Tapehouse Sync';

function isKeytar(value: unknown): value is Keytar {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

/** keytar, or null when it is not installed or its native module does not load. */
export async function loadKeytar(): Promise<Keytar | null> {
  // A variable specifier: keytar is optional, so nothing may need its types to build.
  const specifier = 'keytar';
  try {
    const loaded = (await import(specifier)) as { default?: unknown };
    const candidate = loaded.default ?? loaded;
    return isKeytar(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain';
  readonly location: string;

  constructor(
    private readonly keytar: Keytar,
    private readonly service = KEYCHAIN_SERVICE,
  ) {
    this.location = `OS credential store, service "${service}"`;
  }

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
