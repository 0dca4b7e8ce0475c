// The SMTP path with the real nodemailer against the tests' SMTP peer on loopback, and the
// outbox path: which one createMailer picks, and that a message arrives whole.
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../../test/helpers/smtp-peer.ts';
import { makeTempDir } from '../../../../../test/helpers/temp-dir.ts';
import { createMailer } from './mailer.ts';
import { OutboxRepo } from './outbox-repo.ts';

const temp = makeTempDir();
const database = openDatabase(path.join(temp.dir, 'mail.db'));
const outbox = new OutboxRepo(database.db);
let peer: SmtpPeer;
let port = 0;

beforeAll(async () => {
  migrateDatabase(database);
  peer = await startSmtpPeer();
  port = Number(new URL(peer.url).port);
});
afterAll(async () => {
  await peer.stop();
  database.close();
  temp.cleanup();
});

describe('createMailer', () => {
  it('keeps mail in the local outbox when no SMTP URL is set', async () => {
    const mailer = createMailer(null, outbox);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'a@example.com', subject: 'Code 123456', text: 'Your code 123456' });
    expect(outbox.list({ recipient: 'a@example.com', limit: 5 })).toMatchObject([
      { channel: 'email', subject: 'Code 123456', body: 'Your code 123456' },
    ]);
  });

  it('sends through SMTP when a URL is set, from the URL’s user address', async () => {
    const mailer = createMailer(`smtp://studio%40example.com:pw@127.0.0.1:${port}`, outbox);
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'b@example.com',
      subject: 'Your Tapehouse verification code: 654321',
      text: 'Your Tapehouse verification code is 654321.',
    });
    expect(peer.messages.at(-1)).toMatch(/To: b@example.com/);
    expect(peer.messages.at(-1)).toMatch(/654321/);
    expect(peer.messages.at(-1)).toMatch(/From: Tapehouse <studio@example.com>/);
    expect(outbox.list({ recipient: 'b@example.com', limit: 5 })).toEqual([]);

    await createMailer(`smtp://127.0.0.1:${port}`, outbox).send({
      to: 'd@example.com',
      subject: 'Reset',
      text: 'Reset token',
    });
    expect(peer.messages.at(-1)).toMatch(/From: Tapehouse <no-reply@tapehouse.local>/);
  });

  it('reports an unreachable SMTP server as service_unavailable', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createMailer(`smtp://127.0.0.1:${deadPort}`, outbox);
    await expect(
      mailer.send({ to: 'c@example.com', subject: 's', text: 't' }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
