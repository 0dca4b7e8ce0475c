/**
 * What sync is given: its part of the engine's infrastructure, accounts (the hosted side signs
 * workstations in), billing's checkout seam, webhooks' event tap (what the outbox forwards), and
 * platform's files and offload seam.
 */
import type { Core } from '../../core.ts';
import type { Accounts } from '../accounts/index.ts';
import type { Checkout } from '../billing/index.ts';
import type { FileStore, OffloadSeam } from '../platform/index.ts';
import type { WebhookService } from '../webhooks/index.ts';
import type { Keytar } from './credentials/keychain-store.ts';

export interface SyncDeps extends Pick<Core, 'config' | 'db' | 'clock' | 'log'> {
  accounts: Pick<Accounts, 'users' | 'signIn' | 'oauth'>;
  checkout: Checkout;
  webhooks: Pick<WebhookService, 'onEvents'>;
  files: FileStore;
  offload: OffloadSeam;
  /** How keytar is loaded (default: the optional `keytar` package). */
  loadKeytar?: () => Promise<Keytar | null>;
  /** Background sync interval (default 30 s). */
  intervalMs?: number;
}
