/**
 * Where the workstation's sign-in is kept, in words a person reads. The engine's own note (why
 * the system's password store could not be used) names libraries, D-Bus and displays: it is for
 * the logs, never shown. Pure; unit-tested with the Sync panel's words.
 */
import type { SyncStatus } from './sync-types.ts';

export function credentialStoreWords(store: SyncStatus['credential_store']): {
  where: string;
  why: string | null;
} {
  if (store.kind === 'keychain') {
    return { where: 'your system’s password store', why: null };
  }
  return {
    where: 'a file only your user account can read',
    why:
      store.note === null
        ? null
        : 'This system’s password store is not available here (it needs a signed-in desktop session), so the sign-in is kept in a private file instead. Nothing else changes.',
  };
}
