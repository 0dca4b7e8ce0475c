// The Account → Sync panel's pure parts: the headline for each link state (offline and signed
// out said clearly), and the count and time phrases.
import { describe, expect, it } from 'vitest';
import { ago, headline, isOffline, queued } from '../../renderer/src/features/sync/sync-model.ts';
import type { SyncStatus } from '../../renderer/src/features/sync/sync-types.ts';

function status(patch: Partial<SyncStatus>): SyncStatus {
  return {
    linked: true,
    state: 'linked',
    account_email: 'owner@example.com',
    hosted_url: 'https://api.tapehouse.app',
    method: 'password',
    linked_at: '2026-01-01T00:00:00.000Z',
    last_sync_at: '2026-01-01T00:00:00.000Z',
    last_error: null,
    last_error_at: null,
    queue_length: 0,
    forwarded_total: 0,
    credential_store: { kind: 'keychain', location: 'OS credential store', note: null },
    offload: false,
    hosted_credits: null,
    oauth_pending: null,
    ...patch,
  };
}

describe('the Sync headline', () => {
  it('says linked, with the account', () => {
    expect(headline(status({}))).toMatchObject({ tone: 'ok', label: 'Linked' });
    expect(headline(status({})).text).toContain('owner@example.com');
  });

  it('says offline when the hosted service cannot be reached, with the queue', () => {
    const offline = status({
      last_error:
        'The hosted service at https://api.tapehouse.app could not be reached (ECONNREFUSED).',
      queue_length: 3,
    });
    expect(isOffline(offline)).toBe(true);
    expect(headline(offline)).toMatchObject({ tone: 'warn', label: 'Offline' });
    expect(headline(offline).text).toContain('3 queued events');
  });

  it('says signed out when the hosted session ended', () => {
    const out = status({ linked: false, state: 'signed_out', last_error: 'Signed out: …' });
    expect(isOffline(out)).toBe(false);
    expect(headline(out)).toMatchObject({ tone: 'error', label: 'Signed out' });
  });

  it('says not linked otherwise', () => {
    expect(
      headline(status({ linked: false, state: 'unlinked', account_email: null })),
    ).toMatchObject({ tone: 'neutral', label: 'Not linked' });
  });

  it('phrases counts and times', () => {
    expect(queued(1)).toBe('1 queued event');
    expect(queued(0)).toBe('0 queued events');
    const now = Date.parse('2026-01-01T01:00:00.000Z');
    expect(ago(null, now)).toBe('never');
    expect(ago('2026-01-01T00:59:30.000Z', now)).toBe('just now');
    expect(ago('2026-01-01T00:57:00.000Z', now)).toBe('3 minutes ago');
    expect(ago('2026-01-01T00:00:00.000Z', now)).toBe('1 hour ago');
  });
});
