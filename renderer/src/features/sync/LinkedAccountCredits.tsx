/**
 * The Credits page's view of the hosted account when the machine owner linked this studio
 * (Account → Sync): the hosted balance, plan and usage beside the local ledger. Nothing while
 * unlinked, or when the status cannot be read (the page's own cards say what matters then).
 */
import { useCallback, useMemo } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useLoaded } from '../../lib/use-loader.ts';
import { HostedCreditsCard } from './HostedCreditsCard.tsx';
import { SyncClient } from './sync-client.ts';

export function LinkedAccountCredits() {
  const client = useMemo(() => new SyncClient(), []);
  const load = useCallback((signal: AbortSignal) => client.status(signal), [client]);
  const status = useLoaded(load, errorMessage);
  if (!status.data?.linked) return null;
  return (
    <HostedCreditsCard credits={status.data.hosted_credits} email={status.data.account_email} />
  );
}
