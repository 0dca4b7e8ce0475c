/**
 * Where a linked studio keeps its hosted tokens (docs/api/sync.md, "Tokens"): the OS credential
 * store through keytar (macOS Keychain, Windows Credential Manager, the Secret Service on Linux),
 * or — where none is reachable, e.g. a headless Linux box — a file only this user can read.
 * `GET /sync/status` says which one holds them.
 */
import { AppError } from '../../../errors.ts';

export type SecretStoreKind = 'keychain' | 'file';

export interface SecretStore {
  readonly kind: SecretStoreKind;
  /** Said in sync/status: the keychain's service name, or the file's path. */
  readonly location: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

/** The OS store was required (credentialStore "keychain") and cannot be reached. */
export class UnavailableSecretStore implements SecretStore {
  readonly kind = 'keychain';
  readonly location: string;

  constructor(private readonly reason: string) {
    this.location = 'OS credential store (unreachable)';
  }

  async get(): Promise<string | null> {
    return null;
  }

  async set(): Promise<void> {
    throw new AppError(
      'service_unavailable',
      `Nothing was saved: the OS credential store is required (credentialStore "keychain") and ${this.reason}.`,
    );
  }

  async delete(): Promise<boolean> {
    return false;
  }
}
