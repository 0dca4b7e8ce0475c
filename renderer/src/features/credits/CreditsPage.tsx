/**
 * Credits (`#/credits`): whose credits are shown is a choice. "This studio" (the default) is the
 * machine owner's ledger: every tool the studio runs (stems, noise reduction, transcription,
 * narration …) is billed there, so its usage lists those jobs. "Your account" appears once someone
 * signs in and shows that person's own ledger. Then the cost table, buying credits (through a
 * linked hosted account) and the owner's Local plan. Rules: docs/api/credits.md.
 */
import { useState } from 'react';
import type { Credential } from '../../data/contract-apis.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { useAuthState } from '../account/account-context.tsx';
import { LinkedAccountCredits } from '../sync/LinkedAccountCredits.tsx';
import { BalanceCards } from './BalanceCards.tsx';
import { LocalPlanCard } from './LocalPlanCard.tsx';
import { MultipliersCard } from './MultipliersCard.tsx';
import { PaygCard } from './PaygCard.tsx';
import { UsageCard } from './UsageCard.tsx';
import styles from './Credits.module.css';

export type Ledger = Extract<Credential, 'studio' | 'user'>;

export function CreditsPage() {
  const auth = useAuthState();
  const [chosen, setChosen] = useState<Ledger>('studio');
  const signedIn = auth.status === 'signed-in';
  const ledger: Ledger = signedIn ? chosen : 'studio';
  return (
    <Stack gap={5} testId="credits-page">
      {signedIn && (
        <SegmentedControl<Ledger>
          label="Whose credits"
          value={ledger}
          onChange={setChosen}
          testId="credits-ledger"
          options={[
            {
              value: 'studio',
              label: 'This studio',
              detail: 'What the studio’s tools used',
              testId: 'credits-ledger-studio',
            },
            {
              value: 'user',
              label: 'Your account',
              detail: auth.email,
              testId: 'credits-ledger-user',
            },
          ]}
        />
      )}
      <BalanceCards ledger={ledger} />
      <LinkedAccountCredits />
      <UsageCard ledger={ledger} />
      <div className={styles.columns}>
        <MultipliersCard />
        <Stack gap={5}>
          <PaygCard />
          <LocalPlanCard />
        </Stack>
      </div>
    </Stack>
  );
}
