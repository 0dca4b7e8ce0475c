/**
 * Credits (`#/credits`): the signed-in person's balance (GET /credits plus the daily figures of
 * the User object's `credits` block), their usage records with filters and pages, the cost table,
 * pay-as-you-go, and the machine owner's Local plan allowance (studio token). Rules:
 * docs/api/credits.md.
 */
import { useCallback, useMemo } from 'react';
import type { User } from '../../api/account-types.ts';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useAccount } from '../account/account-context.tsx';
import { useLoader } from '../account/use-loader.ts';
import { BalanceCards } from './BalanceCards.tsx';
import { CreditsClient } from './credits-client.ts';
import type { CreditBalance } from './credits-types.ts';
import { LocalPlanCard } from './LocalPlanCard.tsx';
import { MultipliersCard } from './MultipliersCard.tsx';
import { PaygCard } from './PaygCard.tsx';
import { OwnerBar, SignedInGate } from './SignedInGate.tsx';
import { UsageCard } from './UsageCard.tsx';
import { LinkedAccountCredits } from '../sync/LinkedAccountCredits.tsx';
import { useUserApi } from './use-user-api.ts';
import './credits.css';
import './tables.css';

export function CreditsPage() {
  return (
    <SignedInGate noun="your credits" testId="credits-page">
      <Credits />
    </SignedInGate>
  );
}

interface Balances {
  balance: CreditBalance;
  user: User;
}

function Credits() {
  const api = useUserApi();
  const credits = useMemo(() => new CreditsClient(api), [api]);
  const { client, session } = useAccount();

  // The balance record and the User's daily figures are read together, so the cards never mix
  // two moments.
  const loadBalances = useCallback(
    async (signal: AbortSignal): Promise<Balances> => {
      const [balance, user] = await Promise.all([credits.balance(signal), client.me(signal)]);
      session.setUser(user);
      return { balance, user };
    },
    [credits, client, session],
  );
  const balances = useLoader(loadBalances);
  const loadMultipliers = useCallback(
    (signal: AbortSignal) => credits.multipliers(signal),
    [credits],
  );
  const multipliers = useLoader(loadMultipliers);

  return (
    <>
      <OwnerBar
        actions={
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={balances.reload}
            disabled={balances.loading}
            data-testid="credits-refresh"
          >
            <Icon name="refresh" />
            Refresh
          </button>
        }
      />
      <FormMessages error={balances.error} testId="balance-messages" />
      {balances.data ? (
        <BalanceCards balance={balances.data.balance} credits={balances.data.user.credits} />
      ) : (
        !balances.error && (
          <p className="muted" role="status">
            Loading your balance…
          </p>
        )
      )}
      <LinkedAccountCredits />
      <UsageCard
        client={credits}
        serviceTypes={multipliers.data ? Object.keys(multipliers.data) : []}
      />
      <div className="credits-columns">
        <MultipliersCard multipliers={multipliers} />
        <div className="stack">
          <PaygCard client={credits} />
          <LocalPlanCard client={credits} onSaved={balances.reload} />
        </div>
      </div>
    </>
  );
}
