/**
 * Persists the Local plan the owner sets through PUT /local/plan into settings.json (key
 * `localPlan`, the same key the owner may write by hand), keeping every other setting as it is.
 * Written to a temp file and renamed, so a crash never leaves a half-written settings file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { settingsPath } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { CreditPlan } from './ledger.ts';

export function writeLocalPlanSetting(home: string, plan: CreditPlan): void {
  const file = settingsPath(home);
  let current: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        current = parsed as Record<string, unknown>;
      }
    } catch (error) {
      throw new AppError('validation_error', `settings file ${file} is not valid JSON`, {
        cause: error,
      });
    }
  }
  const next = {
    ...current,
    localPlan: {
      credits_per_month: plan.creditsPerMonth,
      daily_limit: plan.dailyLimit,
      ...(plan.stemsTier && { stems_tier: plan.stemsTier }),
    },
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
  fs.renameSync(temp, file);
}
