/**
 * The machine owner's setting: the Local plan's monthly allowance and daily limit, which every
 * account on this machine (the studio's own ledger included) receives (GET/PUT /local/plan, owner
 * only). A save refreshes the balances (`/credits`, `/auth/me`).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FieldRow, Form, FormActions, FormMessages, TextField } from '../../ui/Field.tsx';
import { formatCredits, planNumber } from './credits-model.ts';
import type { LocalPlan } from './credits-types.ts';

export function LocalPlanCard() {
  const plan = useContractQuery('/local/plan', {});
  return (
    <Card
      title="Local plan"
      description="The allowance every account on this computer receives, the studio’s own included. Only the computer’s owner can change it."
      testId="local-plan-card"
      aside={<Badge tone="neutral">Owner setting</Badge>}
    >
      {plan.error && (
        <Alert tone="error" testId="local-plan-load">
          {errorMessage(plan.error)}
        </Alert>
      )}
      {plan.data ? (
        <PlanForm plan={plan.data} />
      ) : (
        !plan.error && (
          <p className="muted" role="status">
            Loading the Local plan…
          </p>
        )
      )}
    </Card>
  );
}

function PlanForm({ plan }: { plan: LocalPlan }) {
  const [monthly, setMonthly] = useState(formatCredits(plan.credits_per_month));
  const [daily, setDaily] = useState(formatCredits(plan.daily_limit));
  const [errors, setErrors] = useState<{ monthly?: string; daily?: string }>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useContractMutation('put', '/local/plan', {
    invalidates: ['/local/plan', '/credits', { path: '/auth/me', exact: true }],
    onSuccess: (next) =>
      setSaved(
        `Saved: ${formatCredits(next.credits_per_month)} credits a month, ${formatCredits(next.daily_limit)} a day.`,
      ),
  });

  const monthlyValue = planNumber(monthly);
  const dailyValue = planNumber(daily);
  const changed =
    ('value' in monthlyValue ? monthlyValue.value : NaN) !== plan.credits_per_month ||
    ('value' in dailyValue ? dailyValue.value : NaN) !== plan.daily_limit;

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({
          monthly: 'error' in monthlyValue ? monthlyValue.error : undefined,
          daily: 'error' in dailyValue ? dailyValue.error : undefined,
        });
        setSaved(null);
        if (!('value' in monthlyValue) || !('value' in dailyValue)) return;
        save.mutate({
          json: { credits_per_month: monthlyValue.value, daily_limit: dailyValue.value },
        });
      }}
      testId="local-plan-form"
    >
      <FieldRow>
        <TextField
          label="Credits per month"
          hint="Granted to each account on the 1st (UTC)."
          inputMode="numeric"
          value={monthly}
          error={errors.monthly}
          onChange={(event) => {
            setMonthly(event.target.value);
            setErrors((e) => ({ ...e, monthly: undefined }));
          }}
          testId="plan-monthly"
        />
        <TextField
          label="Daily limit"
          hint="Per account per UTC day; 0 stops all paid work."
          inputMode="numeric"
          value={daily}
          error={errors.daily}
          onChange={(event) => {
            setDaily(event.target.value);
            setErrors((e) => ({ ...e, daily: undefined }));
          }}
          testId="plan-daily"
        />
      </FieldRow>
      <FormMessages
        error={save.error ? errorMessage(save.error) : null}
        success={saved}
        testId="plan-messages"
      />
      <FormActions>
        <Button type="submit" busy={save.isPending} disabled={!changed} testId="plan-save">
          Save Local plan
        </Button>
      </FormActions>
    </Form>
  );
}
