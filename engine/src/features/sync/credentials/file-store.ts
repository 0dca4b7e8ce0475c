/**
 * The fallback where no OS credential store answers: one JSON file in the data folder, mode 0600
 * (owner read/write only), written atomically (temp file + rename) so a crash never leaves half a
 * token. It is not encrypted — there is no OS key to encrypt with on such a machine — which is
 * why sync/status names it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SecretStore } from './secret-store.ts';

interface SecretsFile {
  version: 1;
  secrets: Record<string, string>;
}

export class FileSecretStore implements SecretStore {
  readonly kind = 'file';
  /** Writes one at a time, so two quick set() calls cannot lose one another. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly location: string) {}

  #read(): SecretsFile {
    if (!fs.existsSync(this.location)) return { version: 1, secrets: {} };
    const parsed = JSON.parse(fs.readFileSync(this.location, 'utf8')) as Partial<SecretsFile>;
    if (parsed.version !== 1 || typeof parsed.secrets !== 'object' || parsed.secrets === null) {
      throw new Error(`${this.location} is not a Tapehouse sync credentials file`);
    }
    return { version: 1, secrets: parsed.secrets };
  }

  #write(data: SecretsFile): void {
    fs.mkdirSync(path.dirname(this.location), { recursive: true });
    const temp = `${this.location}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(data)}\n`, { mode: 0o600 });
    // writeFileSync's mode only applies to a new file, and the umask may have narrowed it.
    fs.chmodSync(temp, 0o600);
    fs.renameSync(temp, this.location);
  }

  #serial<T>(work: () => T): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async get(account: string): Promise<string | null> {
    return this.#read().secrets[account] ?? null;
  }

  set(account: string, secret: string): Promise<void> {
    return this.#serial(() => {
      const data = this.#read();
      data.secrets[account] = secret;
      this.#write(data);
    });
  }

  delete(account: string): Promise<boolean> {
    return this.#serial(() => {
      const data = this.#read();
      if (!(account in data.secrets)) return false;
      delete data.secrets[account];
      if (Object.keys(data.secrets).length === 0) fs.rmSync(this.location, { force: true });
      else this.#write(data);
      return true;
    });
  }
}
