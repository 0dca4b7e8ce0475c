/**
 * POST /billing/stripe/webhook (native, hosted profile): Stripe's signed events about checkout
 * sessions (docs/api/credits.md, "Pay-as-you-go"). No credential: the Stripe-Signature header,
 * verified with the webhook secret over the raw body, is the proof. Bad signature: 400, which
 * Stripe shows on its side and retries.
 */
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';

const MAX_EVENT_BYTES = 512 * 1024;

async function readRaw(stream: Readable | null): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_EVENT_BYTES) {
      throw new AppError(
        'payload_too_large',
        `A Stripe event is at most ${MAX_EVENT_BYTES} bytes.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export const stripeRoutes = [
  defineRoute({
    method: 'post',
    path: '/billing/stripe/webhook',
    summary: 'Stripe’s signed checkout events (hosted profile; verified by Stripe-Signature)',
    tag: 'credits',
    auth: 'none',
    bodyKind: 'raw',
    rawTypes: ['application/json'],
    rateLimit: { limit: 600, windowSeconds: 60 },
    response: z
      .object({
        received: z.literal(true),
        event_id: z.string(),
        type: z.string(),
        action: z.string(),
      })
      .meta({ id: 'StripeWebhookAnswer' }),
    errors: [
      'bad_request',
      'payload_too_large',
      'unsupported_media_type',
      'payment_provider_unavailable',
      'rate_limit_exceeded',
    ],
    handler: async ({ stream, headers }, { billing }) => {
      const raw = await readRaw(stream);
      return {
        received: true as const,
        ...billing.stripeWebhook(raw, headers['stripe-signature']),
      };
    },
  }),
];
