/**
 * The credits area for one engine (Services.credits): the ledger, the Local plan the machine's
 * owner sets, the cost table, and the read models of document 1 ("Credit balance record",
 * "Credit usage record", "Credits object"). No express types; routes.ts is the thin edge.
 */
import type { Clock } from '../../clock.ts';
import type { EngineConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { JobCredits } from '../../jobs/job-credits.ts';
import { ledgerJobCredits } from './job-billing.ts';
import type { JobQuote } from '../../jobs/job-types.ts';
import { localPlanBlocks, type PlanBlocks, type PlanSource } from './plan-blocks.ts';
import {
  DEFAULT_MULTIPLIERS,
  DEFAULT_NATIVE_COSTS,
  LOCAL_PLAN_DEFAULTS,
  LOCAL_PLAN_ID,
  LOCAL_PLAN_NAME,
  MULTIPLIER_KEYS,
  NATIVE_COST_KEYS,
  PAYG_INFO,
  type MultiplierKey,
  type NativeCostKey,
} from './credit-defaults.ts';
import type { CheckoutProvider, CheckoutSession } from './checkout/checkout-provider.ts';
import type { StripeCheckout, StripeEventOutcome } from './checkout/stripe-checkout.ts';
import { CreditLedger, type CreditPlan } from './ledger.ts';
import { dayStart } from './ledger-periods.ts';
import { writeLocalPlanSetting } from './plan-settings.ts';
import { UsageRecords, type CreditUsageRecord, type UsageFilter } from './usage-records.ts';

export interface CreditBalanceRecord {
  credits_balance: number;
  payg_balance: number;
  total_available_credits: number;
  total_credits_used: number;
  total_payg_credits_purchased: number;
  credits_per_month: number;
  last_reset_at: string;
  next_reset_date: string;
}

export interface LocalPlanView {
  plan_id: string;
  plan_name: string;
  credits_per_month: number;
  daily_limit: number;
  /** Stem separation tier (docs/api/stems.md, plan gating). */
  stems_tier: 'basic' | 'creator' | 'pro';
}

type CostTable = Record<MultiplierKey | NativeCostKey, number>;

/** Defaults overlaid with the owner's `creditMultipliers`; an unknown key fails start-up. */
export function costTable(overrides: Record<string, number>): CostTable {
  const known = new Set<string>([...MULTIPLIER_KEYS, ...NATIVE_COST_KEYS]);
  const unknown = Object.keys(overrides).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError(
      'validation_error',
      `settings creditMultipliers has unknown keys: ${unknown.join(', ')} ` +
        `(known: ${[...known].join(', ')})`,
    );
  }
  return { ...DEFAULT_MULTIPLIERS, ...DEFAULT_NATIVE_COSTS, ...overrides } as CostTable;
}

export class CreditsService implements PlanSource {
  readonly ledger: CreditLedger;
  readonly jobCredits: JobCredits;
  private plan: CreditPlan;
  private readonly costs: CostTable;
  private readonly usageRecords: UsageRecords;
  private checkoutProvider: CheckoutProvider | null = null;
  private stripe: StripeCheckout | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: EngineConfig,
    private readonly clock: Clock,
  ) {
    this.plan = { ...(config.localPlan ?? LOCAL_PLAN_DEFAULTS) };
    this.costs = costTable(config.creditMultipliers);
    this.ledger = new CreditLedger(db, { clock, plan: () => this.plan });
    this.usageRecords = new UsageRecords(db);
    this.jobCredits = ledgerJobCredits(this.ledger);
  }

  localPlan(): LocalPlanView {
    return {
      plan_id: LOCAL_PLAN_ID,
      plan_name: LOCAL_PLAN_NAME,
      credits_per_month: this.plan.creditsPerMonth,
      daily_limit: this.plan.dailyLimit,
      stems_tier: this.plan.stemsTier ?? 'pro',
    };
  }

  /**
   * The owner changes the Local plan: kept in settings.json (`localPlan`) so it survives a
   * restart, in force at once. Each account's balance for this month moves by the allowance's
   * difference the next time it is read (the ledger's lazy catch-up).
   */
  setLocalPlan(patch: {
    credits_per_month?: number | undefined;
    daily_limit?: number | undefined;
    stems_tier?: 'basic' | 'creator' | 'pro' | undefined;
  }): LocalPlanView {
    const stemsTier = patch.stems_tier ?? this.plan.stemsTier;
    const next: CreditPlan = {
      creditsPerMonth: patch.credits_per_month ?? this.plan.creditsPerMonth,
      dailyLimit: patch.daily_limit ?? this.plan.dailyLimit,
      ...(stemsTier && { stemsTier }),
    };
    writeLocalPlanSetting(this.config.home, next);
    this.plan = next;
    return this.localPlan();
  }

  /** Document 1, "Credit balance record" (GET /credits). */
  balance(userId: string): CreditBalanceRecord {
    const account = this.ledger.account(userId);
    return {
      credits_balance: account.subscriptionBalance,
      payg_balance: account.paygBalance,
      total_available_credits: account.subscriptionBalance + account.paygBalance,
      total_credits_used: account.totalUsed,
      total_payg_credits_purchased: account.totalPaygPurchased,
      credits_per_month: this.plan.creditsPerMonth,
      last_reset_at: account.periodStart,
      next_reset_date: account.periodEnd,
    };
  }

  /** The User object's blocks (accounts.plans). */
  blocksFor(userId: string): PlanBlocks {
    const account = this.ledger.account(userId);
    return localPlanBlocks({
      planName: LOCAL_PLAN_NAME,
      subscriptionBalance: account.subscriptionBalance,
      paygBalance: account.paygBalance,
      usedToday: account.usedToday,
      dailyLimit: this.plan.dailyLimit,
      dayStart: dayStart(this.clock.now()),
      periodStart: account.periodStart,
      periodEnd: account.periodEnd,
    });
  }

  /** Usage records, newest first. */
  usage(userId: string, filter: UsageFilter): { records: CreditUsageRecord[]; total: number } {
    return this.usageRecords.list(userId, filter);
  }

  /** Document 1, "Credit multipliers": exactly the document's keys. */
  multipliers(): Record<MultiplierKey, number> {
    return Object.fromEntries(MULTIPLIER_KEYS.map((key) => [key, this.costs[key]])) as Record<
      MultiplierKey,
      number
    >;
  }

  /** A per-minute price: the cost × started minutes of audio (at least one). */
  quoteMinutes(key: MultiplierKey | NativeCostKey, seconds: number | null): JobQuote {
    const minutes = Math.max(1, Math.ceil((seconds ?? 0) / 60));
    return {
      credits: this.costs[key] * minutes,
      serviceType: key,
      audioDuration: seconds ?? 0,
      metadata: { billed_minutes: minutes, credits_per_minute: this.costs[key] },
    };
  }

  paygInfo() {
    return { ...PAYG_INFO };
  }

  /** Who sells credits here (checkout/checkout-provider.ts); null: nobody. */
  useCheckout(provider: CheckoutProvider | null): void {
    this.checkoutProvider = provider;
  }

  /** The hosted profile's Stripe checkout, which also answers Stripe's webhook. */
  useStripe(stripe: StripeCheckout): void {
    this.stripe = stripe;
    this.checkoutProvider = stripe;
  }

  /**
   * POST /credits/payg/create-checkout-session. The amount is checked first (400 outside 1 to
   * 1000 USD, by the route's schema); then the provider opens the checkout — Stripe on a hosted
   * engine, the hosted account for a linked studio's owner — or, with none, 503
   * payment_provider_unavailable.
   */
  async createCheckout(userId: string, amountUsd: number): Promise<CheckoutSession> {
    const credits = Math.floor(amountUsd * PAYG_INFO.credits_per_dollar);
    const session = await this.checkoutProvider?.create(userId, amountUsd, credits);
    if (session) return session;
    throw new AppError(
      'payment_provider_unavailable',
      `Buying ${credits} credits for ${amountUsd} USD needs a payment provider, and this engine ` +
        'has none: a local studio buys credits through the hosted account it is linked to ' +
        '(Account → Sync; the machine’s owner only). The machine’s owner can raise the Local ' +
        'plan’s allowance instead (PUT /local/plan).',
    );
  }

  /** POST /billing/stripe/webhook. */
  stripeWebhook(rawBody: Buffer, signature: string | undefined): StripeEventOutcome {
    if (!this.stripe) {
      throw new AppError(
        'payment_provider_unavailable',
        'This engine takes no Stripe events: Stripe is configured on the hosted profile only ' +
          '(TAPEHOUSE_STRIPE_SECRET_KEY).',
      );
    }
    return this.stripe.handleWebhook(rawBody, signature);
  }
}
