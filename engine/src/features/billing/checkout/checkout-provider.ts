/**
 * Who sells pay-as-you-go credits for POST /credits/payg/create-checkout-session
 * (docs/api/credits.md, "Pay-as-you-go"). None by default (503 payment_provider_unavailable);
 * the hosted profile with Stripe configured sells through Stripe (stripe-checkout.ts); a local
 * studio linked to a hosted account forwards its owner's purchases there (features/sync), so a
 * local studio never holds a payment secret.
 */
export interface CheckoutSession {
  session_id: string;
  credits_to_receive: number;
  amount_usd: number;
  /** Where the buyer pays (the provider's hosted payment page). */
  checkout_url: string | null;
}

export interface CheckoutProvider {
  /** Null: this provider does not sell to this user (the next answer is 503). */
  create(userId: string, amountUsd: number, credits: number): Promise<CheckoutSession | null>;
}
