/**
 * What the Sync panel says about a status, as pure functions (unit-tested in
 * test/renderer/sync-model.test.ts): the headline and its tone, and whether the studio looks
 * offline (the last sync attempt failed to reach the hosted service).
 */
import type { SyncStatus } from './sync-types.ts';

export type Tone = 'ok' | 'warn' | 'error' | 'neutral';

export interface Headline {
  tone: Tone;
  label: string;
  text: string;
}

/** The last error came from not reaching the hosted service (rather than a refusal). */
export function isOffline(status: SyncStatus): boolean {
  return (
    status.linked &&
    status.last_error !== null &&
    /could not be reached|did not answer|answered 5\d\d/.test(status.last_error)
  );
}

export function headline(status: SyncStatus): Headline {
  if (status.state === 'signed_out') {
    return {
      tone: 'error',
      label: 'Signed out',
      text:
        'The hosted account ended this workstation’s session (revoked, or the password changed). ' +
        'Sign in again to resume syncing; events keep queueing meanwhile.',
    };
  }
  if (status.state === 'unlinked') {
    return {
      tone: 'neutral',
      label: 'Not linked',
      text: 'This studio works on its own. Sign in to share one account, balance and webhook receivers across workstations.',
    };
  }
  if (isOffline(status)) {
    return {
      tone: 'warn',
      label: 'Offline',
      text: `The hosted service cannot be reached. Everything here keeps working; ${queued(status.queue_length)} will go out when it is back.`,
    };
  }
  if (status.last_error) {
    return { tone: 'warn', label: 'Linked, with a problem', text: status.last_error };
  }
  return {
    tone: 'ok',
    label: 'Linked',
    text: `Signed in as ${status.account_email ?? 'the hosted account'}.`,
  };
}

export function queued(count: number): string {
  return count === 1 ? '1 queued event' : `${count} queued events`;
}

/** "3 minutes ago" style, from ISO timestamps (now injectable for tests). */
export function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

const METHODS: Record<NonNullable<SyncStatus['method']>, string> = {
  password: 'e-mail and password',
  api_key: 'API key',
  google: 'Google',
  github: 'GitHub',
};

export function methodLabel(method: SyncStatus['method']): string {
  return method ? METHODS[method] : '—';
}
