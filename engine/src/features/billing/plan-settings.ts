/**
 * Persists the Local plan the owner sets through PUT /local/plan into settings.json (key
 * `localPlan`, the same key the owner may write by hand), keeping every other setting as it is
 * (settings-file.ts: owner-only, replaced atomically).
 */
import { updateSettingsFile } from '../../settings-file.ts';
import type { CreditPlan } from './ledger.ts';

export function writeLocalPlanSetting(home: string, plan: CreditPlan): void {
  updateSettingsFile(home, {
    localPlan: {
      credits_per_month: plan.creditsPerMonth,
      daily_limit: plan.dailyLimit,
      ...(plan.stemsTier && { stems_tier: plan.stemsTier }),
    },
  });
}
