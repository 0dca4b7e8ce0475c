/**
 * Pay-as-you-go through Stripe (hosted profile; docs/api/credits.md, "Pay-as-you-go"), with
 * Stripe's official `stripe` package: a Checkout Session in `payment` mode for the amount, and
 * the signed webhook (`Stripe-Signature`, verified by `stripe.webhooks.constructEvent`) that
 * completes it. Credits are added once per session, in the transaction that closes it, whatever
 * Stripe redelivers. The API base is configurable (TAPEHOUSE_STRIPE_API_URL) so tests run the
 * one API call against a local server speaking Stripe's shape; nothing here knows about that.
 */
import Stripe from 'stripe';
import type { Clock } from '../../../clock.ts';
import type { SyncConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { CreditLedger } from '../ledger.ts';
import type { CheckoutProvider, CheckoutSession } from './checkout-provider.ts';
import type { CheckoutRepo } from './checkout-repo.ts';

type StripeSettings = NonNullable<SyncConfig['stripe']>;

export interface StripeEventOutcome {
  event_id: string;
  type: string;
  /** What it did: `credited`, `already_credited`, `expired`, `ignored`. */
  action: string;
}

function clientOptions(settings: StripeSettings): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Tapehouse' },
  };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) options.port = url.port;
  }
  return options;
}

export class StripeCheckout implements CheckoutProvider {
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly repo: CheckoutRepo,
    private readonly ledger: Pick<CreditLedger, 'addPayg'>,
    private readonly clock: Clock,
  ) {
    this.stripe = new Stripe(settings.secretKey, clientOptions(settings));
  }

  async create(userId: string, amountUsd: number, credits: number): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: userId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: Math.round(amountUsd * 100),
              product_data: { name: `${credits.toLocaleString('en-US')} Tapehouse credits` },
            },
          },
        ],
        metadata: { user_id: userId, credits: String(credits) },
        success_url: this.settings.successUrl,
        cancel_url: this.settings.cancelUrl,
      });
    } catch (error) {
      throw new AppError(
        'payment_provider_unavailable',
        `Stripe did not open the checkout: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    this.repo.insert({
      id: session.id,
      userId,
      provider: 'stripe',
      amountUsd,
      credits,
      status: 'open',
      url: session.url ?? null,
      createdAt: new Date(this.clock.now()).toISOString(),
    });
    return {
      session_id: session.id,
      credits_to_receive: credits,
      amount_usd: amountUsd,
      checkout_url: session.url ?? null,
    };
  }

  /** The signed webhook: verifies, then completes or expires the session it names. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): StripeEventOutcome {
    if (!this.settings.webhookSecret) {
      throw new AppError(
        'payment_provider_unavailable',
        'Stripe webhooks are not set up: set TAPEHOUSE_STRIPE_WEBHOOK_SECRET.',
      );
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.settings.webhookSecret,
      );
    } catch (error) {
      throw new AppError(
        'bad_request',
        `The Stripe-Signature does not verify: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const outcome = (action: string): StripeEventOutcome => ({
      event_id: event.id,
      type: event.type,
      action,
    });
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      const session = event.data.object;
      // Delayed methods complete unpaid first and succeed later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') return outcome('ignored');
      return outcome(this.complete(session.id, event.id));
    }
    if (event.type === 'checkout.session.expired') {
      const closed = this.repo.close(event.data.object.id, 'expired', {
        completedBy: event.id,
        completedAt: new Date(this.clock.now()).toISOString(),
      });
      return outcome(closed ? 'expired' : 'ignored');
    }
    return outcome('ignored');
  }

  private complete(sessionId: string, eventId: string): string {
    const row = this.repo.get(sessionId);
    // Only sessions this engine opened: the amount and buyer come from our row, not the event.
    if (!row) return 'ignored';
    return this.repo.transaction(() => {
      const closed = this.repo.close(sessionId, 'completed', {
        completedBy: eventId,
        completedAt: new Date(this.clock.now()).toISOString(),
      });
      if (!closed) return 'already_credited';
      this.ledger.addPayg(row.userId, row.credits, `stripe:${sessionId}`);
      return 'credited';
    });
  }
}
