// Sync's token store against a real Secret Service (Debian's gnome-keyring on a private D-Bus
// session, started here without any prompt) and the 0600 file fallback where none answers
// (docs/api/sync.md, "Tokens"). keytar is the real native module; nothing is stubbed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSecretStore } from '../../engine/src/features/sync/credentials/choose-store.ts';
import { KEYCHAIN_SERVICE } from '../../engine/src/features/sync/credentials/keychain-store.ts';
import { startSecretService, type SecretService } from '../helpers/secret-service.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import {
  call,
  registerHostedUser,
  startHosted,
  startStudio,
  type RestartableEngine,
} from '../helpers/sync-engines.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

let secretService: SecretService;
const temp = makeTempDir();
const saved = process.env.DBUS_SESSION_BUS_ADDRESS;

beforeAll(async () => {
  secretService = await startSecretService();
});

afterAll(async () => {
  await secretService?.stop();
  temp.cleanup();
});

describe('without a Secret Service', () => {
  it('falls back to a 0600 file and says why', async () => {
    // No session bus at all: what a headless Linux box has.
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    const chosen = await chooseSecretStore({ mode: 'auto', home: temp.dir });
    expect(chosen.store.kind).toBe('file');
    expect(chosen.note).toMatch(/OS credential store did not answer/);
    await chosen.store.set('session:test', 'secret-value-1');
    const file = path.join(temp.dir, 'sync-credentials.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await chosen.store.get('session:test')).toBe('secret-value-1');
    expect(await chosen.store.delete('session:test')).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await chosen.store.get('session:test')).toBeNull();
  });

  it('refuses to save when the OS store is required (credentialStore "keychain")', async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    const chosen = await chooseSecretStore({ mode: 'keychain', home: temp.dir });
    await expect(chosen.store.set('session:test', 'x')).rejects.toThrow(/Nothing was saved/);
  });
});

describe('with a Secret Service', () => {
  let smtp: SmtpPeer;
  let hosted: RestartableEngine;
  let studio: RestartableEngine;

  beforeAll(async () => {
    // From here on this process's keytar talks to the test's own Secret Service.
    process.env.DBUS_SESSION_BUS_ADDRESS = secretService.address;
    smtp = await startSmtpPeer();
    hosted = await startHosted(smtp);
    studio = await startStudio(hosted.url, { env: { TAPEHOUSE_CREDENTIAL_STORE: 'auto' } });
  });

  afterAll(async () => {
    await studio?.stop();
    await hosted?.stop();
    await smtp?.stop();
    if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
  });

  it('keeps a secret in the keyring through keytar', async () => {
    const chosen = await chooseSecretStore({ mode: 'auto', home: temp.dir });
    expect(chosen.store.kind).toBe('keychain');
    expect(chosen.note).toBeNull();
    await chosen.store.set('unit:probe', 'in-the-keyring');
    expect(secretService.lookup({ service: KEYCHAIN_SERVICE, account: 'unit:probe' })).toBe(
      'in-the-keyring',
    );
    expect(await chosen.store.get('unit:probe')).toBe('in-the-keyring');
    expect(await chosen.store.delete('unit:probe')).toBe(true);
    expect(secretService.lookup({ service: KEYCHAIN_SERVICE, account: 'unit:probe' })).toBeNull();
  });

  it('a linked studio keeps its hosted session there, reads it back after a restart, and unlink removes it', async () => {
    const owner = await registerHostedUser(hosted, smtp);
    const res = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      state: 'linked',
      credential_store: { kind: 'keychain', note: null },
    });
    const account = `session:${hosted.url}`;
    const stored = secretService.lookup({ service: KEYCHAIN_SERVICE, account });
    expect(stored).not.toBeNull();
    const tokens = JSON.parse(stored ?? '{}') as { refresh_token: string };
    expect(fs.existsSync(path.join(studio.home, 'sync-credentials.json'))).toBe(false);

    // A restart reads the session back from the keyring and keeps syncing.
    await studio.restart();
    const after = await call(studio, studio.token, 'POST', '/sync/run');
    expect(after.body).toMatchObject({ state: 'linked', last_error: null });
    expect(
      JSON.parse(secretService.lookup({ service: KEYCHAIN_SERVICE, account }) ?? '{}'),
    ).toHaveProperty('refresh_token', tokens.refresh_token);

    const unlinked = await call(studio, studio.token, 'POST', '/sync/unlink');
    expect(unlinked.body).toMatchObject({ state: 'unlinked', hosted_session_revoked: true });
    expect(secretService.lookup({ service: KEYCHAIN_SERVICE, account })).toBeNull();
  });
});
