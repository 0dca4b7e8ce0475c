/**
 * Plan gating for stem separation (document 3: modes and catalog stems carry a plan; "a request
 * above the caller's plan is rejected", 403). On this machine every account is on the Local
 * plan; its tier is the owner's setting in the Local plan (PUT /local/plan,
 * docs/api/stems.md), `pro` unless lowered, so the owner gets everything by default and can
 * still try, or sell, a lower tier.
 */
import { AppError } from '../../../errors.ts';
import type { MusicDeps } from '../music-deps.ts';

export const PLAN_TIERS = ['basic', 'creator', 'pro'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const DEFAULT_PLAN_TIER: PlanTier = 'pro';

const TIER_NAMES: Record<PlanTier, string> = { basic: 'Basic', creator: 'Creator', pro: 'Pro' };

export function tierAllows(plan: PlanTier, needed: PlanTier): boolean {
  return PLAN_TIERS.indexOf(plan) >= PLAN_TIERS.indexOf(needed);
}

/** The caller's tier: the Local plan's stems tier (features/billing), `pro` when unset. */
export function planTierOf(deps: MusicDeps, _ownerId: string): PlanTier {
  return deps.pricing.localPlan().stems_tier ?? DEFAULT_PLAN_TIER;
}

/** 403 forbidden when `needed` is above the caller's plan. */
export function requireTier(plan: PlanTier, needed: PlanTier, what: string): void {
  if (tierAllows(plan, needed)) return;
  throw new AppError(
    'forbidden',
    `${what} needs the ${TIER_NAMES[needed]} plan or above; this account is on ${TIER_NAMES[plan]}.`,
    { details: { reason: 'plan_tier', required_tier: needed, plan_tier: plan } },
  );
}
