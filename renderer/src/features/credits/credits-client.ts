/**
 * Typed calls for the Credits page: document 1's "Credits" routes with the signed-in person's
 * access token, and the owner-only Local plan with the studio token (docs/api/credits.md).
 */
import {
  pageFromHeaders,
  usageQueryFields,
  type PageInfo,
  type UsageFilters,
} from './credits-model.ts';
import type {
  CheckoutSession,
  CreditBalance,
  CreditMultipliers,
  CreditUsage,
  LocalPlan,
  LocalPlanUpdate,
  PaygInfo,
} from './credits-types.ts';
import { readJson, type UserApi } from './user-api.ts';

export interface UsagePage {
  records: CreditUsage[];
  page: PageInfo;
}

export class CreditsClient {
  constructor(private readonly api: UserApi) {}

  balance(signal?: AbortSignal): Promise<CreditBalance> {
    return this.api.user.get('/credits', { signal });
  }

  async usage(
    filters: UsageFilters,
    page: number,
    perPage: number,
    signal?: AbortSignal,
  ): Promise<UsagePage> {
    const response = await this.api.user.send('get', '/credits/usage', {
      query: usageQueryFields(filters, page, perPage),
      signal,
    });
    const records = await readJson<CreditUsage[]>(response, 'GET /credits/usage');
    return { records, page: pageFromHeaders(response.headers, records.length, { page, perPage }) };
  }

  multipliers(signal?: AbortSignal): Promise<CreditMultipliers> {
    return this.api.user.get('/credits/multipliers', { signal });
  }

  paygInfo(signal?: AbortSignal): Promise<PaygInfo> {
    return this.api.user.get('/credits/payg/info', { signal });
  }

  /** The local engine has no payment provider: expect 503 `payment_provider_unavailable`. */
  checkout(amountUsd: number): Promise<CheckoutSession> {
    return this.api.user.post('/credits/payg/create-checkout-session', {
      json: { amount_usd: amountUsd },
    });
  }

  localPlan(signal?: AbortSignal): Promise<LocalPlan> {
    return this.api.studio.get('/local/plan', { signal });
  }

  setLocalPlan(update: LocalPlanUpdate): Promise<LocalPlan> {
    return this.api.studio.put('/local/plan', { json: update });
  }
}
