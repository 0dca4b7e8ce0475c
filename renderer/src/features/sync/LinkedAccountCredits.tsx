/**
 * The Credits page's view of the hosted account when the machine owner linked this studio
 * (Account → Sync): the hosted balance, plan and usage beside the local ledger, and buying
 * credits there. Nothing while unlinked (the page then says how to link).
 */
import { useContractQuery } from '../../data/contract-query.ts';
import { BuyHostedCredits } from './BuyHostedCredits.tsx';
import { HostedCreditsCard } from './HostedCreditsCard.tsx';

export function LinkedAccountCredits() {
  const status = useContractQuery('/sync/status', {}).data;
  if (!status?.linked) return null;
  return (
    <>
      <HostedCreditsCard credits={status.hosted_credits} email={status.account_email} />
      <BuyHostedCredits />
    </>
  );
}
