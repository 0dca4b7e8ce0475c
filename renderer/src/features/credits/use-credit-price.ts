/**
 * What credits are worth in money, from the engine's own pay-as-you-go rate (GET
 * /credits/payg/info: the rate the Credits page shows and a purchase uses), so every page that
 * states a price in money agrees with the Credits page. A service's own list price in USD (the
 * stems rate card's `total_usd`) is a different rate and is never shown beside credits.
 */
import { useContractQuery } from '../../data/contract-query.ts';
import { formatCredits, formatUsd } from './credits-model.ts';

export interface CreditPrice {
  /** null until the rate is known. */
  creditsPerDollar: number | null;
  currency: string;
  /** "341 credits (about $0.05)"; the money part is left out until the rate is known. */
  describe: (credits: number) => string;
}

export function useCreditPrice(): CreditPrice {
  const info = useContractQuery('/credits/payg/info', {}, { staleTime: Infinity }).data;
  const creditsPerDollar = info?.credits_per_dollar ?? null;
  const currency = info?.currency ?? 'USD';
  return {
    creditsPerDollar,
    currency,
    describe: (credits) => {
      const count = `${formatCredits(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
      if (!creditsPerDollar) return count;
      const money = credits / creditsPerDollar;
      if (money > 0 && money < 0.01) return `${count} (less than ${formatUsd(0.01, currency)})`;
      return `${count} (about ${formatUsd(money, currency)})`;
    },
  };
}
