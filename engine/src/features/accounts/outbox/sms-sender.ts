/**
 * Sends text messages (phone verification codes). The provider is pluggable: the engine has no
 * SMS gateway offline, so the default writes to the local outbox; a hosted build passes its own
 * SmsSender to buildAccounts().
 */
import type { OutboxRepo } from './outbox-repo.ts';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class OutboxSmsSender implements SmsSender {
  constructor(private readonly outbox: OutboxRepo) {}

  async send(to: string, text: string): Promise<void> {
    this.outbox.add('sms', to, 'Text message', text);
  }
}
