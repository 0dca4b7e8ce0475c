/**
 * A linked studio's pay-as-you-go purchases go to the hosted account (billing's
 * CheckoutProvider): the machine owner's POST /credits/payg/create-checkout-session is made on
 * the hosted service with the workstation's session, which answers its payment page. The credits
 * land on the hosted account; this studio never sees a payment secret. Other local users have
 * no hosted account here: for them there is still no provider.
 */
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import { AppError } from '../../../errors.ts';
import type { CheckoutProvider, CheckoutSession } from '../../billing/index.ts';
import { errorCode, errorDetail } from '../hosted/hosted-http.ts';
import type { HostedSession } from '../hosted/hosted-session.ts';

export class HostedCheckout implements CheckoutProvider {
  constructor(
    private readonly session: HostedSession,
    private readonly linked: () => boolean,
  ) {}

  async create(userId: string, amountUsd: number): Promise<CheckoutSession | null> {
    if (userId !== LOOPBACK_OWNER || !this.linked()) return null;
    const answer = await this.session.call('POST', '/credits/payg/create-checkout-session', {
      json: { amount_usd: amountUsd },
    });
    const body = answer.body as Partial<CheckoutSession> | null;
    if (answer.status !== 200 || typeof body?.session_id !== 'string') {
      throw new AppError(
        answer.status === 400 ? 'validation_error' : 'payment_provider_unavailable',
        `The hosted account did not open a checkout: ${errorDetail(answer.body) || answer.status}`,
        { details: { hosted_status: answer.status, hosted_code: errorCode(answer.body) } },
      );
    }
    return {
      session_id: body.session_id,
      credits_to_receive: Number(body.credits_to_receive ?? 0),
      amount_usd: Number(body.amount_usd ?? amountUsd),
      checkout_url: typeof body.checkout_url === 'string' ? body.checkout_url : null,
    };
  }
}
