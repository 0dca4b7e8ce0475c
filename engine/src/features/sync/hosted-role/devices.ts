/**
 * POST /sync/devices on the hosted service: a workstation linked with an API key becomes a
 * device of the account with its own session, like a password login — so it shows under
 * /auth/devices and /auth/sessions, can be revoked there, and the studio keeps a refreshable
 * session instead of the key. The key needs the `sync:link` scope (docs/api/scopes.md): a
 * session can do what the account can, so only keys meant for workstations should carry it.
 */
import { AppError } from '../../../errors.ts';
import type { Accounts } from '../../accounts/index.ts';
import type { ClientHints } from './oauth-exchange.ts';

export class HostedDevices {
  constructor(private readonly accounts: Pick<Accounts, 'users' | 'signIn'>) {}

  register(userId: string, client: ClientHints) {
    const user = this.accounts.users.get(userId);
    if (!user || !user.isActive) throw new AppError('forbidden', 'This account is disabled.');
    return this.accounts.signIn.complete(user, client, 'api_key');
  }
}
