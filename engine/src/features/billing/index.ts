/**
 * Billing: the credits ledger, the Local plan, the cost table and the /credits routes
 * (docs/api/credits.md). Other areas price their jobs through `Pricing`, charge a request that
 * is not a job through `Charges`, and never see the ledger's tables; the job queue is charged
 * through the hook billing subscribes to (job-billing.ts).
 */
import type { Core } from '../../core.ts';
import { CheckoutRepo } from './checkout/checkout-repo.ts';
import { StripeCheckout } from './checkout/stripe-checkout.ts';
import { CreditsService } from './credits-service.ts';
import type { CreditLedger } from './ledger.ts';

export { creditRoutes as billingRoutes } from './routes.ts';
export { CreditsService } from './credits-service.ts';
export { PAYG_INFO } from './credit-defaults.ts';
export type { MultiplierKey, NativeCostKey } from './credit-defaults.ts';
export type { CreditsBlock, PlanBlocks, PlanSource, SubscriptionBlock } from './plan-blocks.ts';
export type { CheckoutProvider, CheckoutSession } from './checkout/checkout-provider.ts';

/** How sync sells a linked studio's owner credits on the hosted account. */
export type Checkout = Pick<CreditsService, 'useCheckout'>;

/** How other areas price a job (a per-minute quote, the cost table, the Local plan's tiers). */
export type Pricing = Pick<CreditsService, 'quoteMinutes' | 'multipliers' | 'localPlan'>;

/** A charge for work that is not a job (a synchronous /audio/speech request). */
export type Charges = Pick<CreditLedger, 'reserve' | 'settle' | 'refund'>;

/** What a job's reservation held and charged (webhook payloads report it). */
export type ReservationLookup = Pick<CreditLedger, 'reservationForJob'>;

/**
 * Builds billing for one engine and subscribes it to the job queue, so every priced job holds,
 * settles, refunds or releases its credits inside the queue's own transactions.
 */
export function createBilling(
  core: Pick<Core, 'db' | 'config' | 'clock' | 'jobRepo'>,
): CreditsService {
  const billing = new CreditsService(core.db, core.config, core.clock);
  core.jobRepo.subscribeCredits(billing.jobCredits);
  const stripe = core.config.sync.stripe;
  // Only the hosted service sells credits itself; a local studio never holds payment secrets.
  if (core.config.profile === 'hosted' && stripe) {
    billing.useStripe(
      new StripeCheckout(stripe, new CheckoutRepo(core.db), billing.ledger, core.clock),
    );
  }
  return billing;
}
