/**
 * Sends the engine's e-mails (registration codes, password resets). With an SMTP URL configured
 * (TAPEHOUSE_SMTP_URL or settings.smtpUrl) they go out through nodemailer; otherwise — the
 * local profile's default, ARCHITECTURE.md "Profiles" — they land in the local outbox, which
 * only the machine's owner can read (GET /local/outbox).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../../errors.ts';
import type { OutboxRepo } from './outbox-repo.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  constructor(private readonly outbox: OutboxRepo) {}

  // Synchronous insert before any await: the row exists as soon as send() is called.
  async send(message: MailMessage): Promise<void> {
    this.outbox.add('email', message.to, message.subject, message.text);
  }
}

/** The SMTP URL's user name when it is an address, else a local no-reply sender. */
function senderFor(smtpUrl: string): string {
  try {
    const user = decodeURIComponent(new URL(smtpUrl).username);
    if (user.includes('@')) return `Tapehouse <${user}>`;
  } catch {
    // nodemailer reports a bad URL itself when sending.
  }
  return 'Tapehouse <no-reply@tapehouse.local>';
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.from = senderFor(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      throw new AppError('service_unavailable', 'The e-mail could not be sent (SMTP failed).', {
        cause: error,
      });
    }
  }
}

export function createMailer(smtpUrl: string | null, outbox: OutboxRepo): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new OutboxMailer(outbox);
}
