/**
 * The machine owner's setting, not the person's: the Local plan's monthly allowance and daily
 * limit for every account on this machine (GET/PUT /local/plan, studio token only). Balances follow
 * lazily, so the page reloads them after a save.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Card } from '../../ui/Card.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { accountErrorText } from '../account/error-text.ts';
import { useLoader } from '../account/use-loader.ts';
import type { CreditsClient } from './credits-client.ts';
import { formatCredits, planNumber } from './credits-model.ts';
import type { LocalPlan } from './credits-types.ts';

export function LocalPlanCard({ client, onSaved }: { client: CreditsClient; onSaved: () => void }) {
  const load = useCallback((signal: AbortSignal) => client.localPlan(signal), [client]);
  const plan = useLoader(load);
  // The PUT answers the plan as it now is; that answer replaces the loaded one.
  const [saved, setSaved] = useState<LocalPlan | null>(null);
  const current = saved ?? plan.data;
  return (
    <Card
      title="Local plan · machine owner setting"
      testId="local-plan-card"
      aside={
        <span className="owner-tag">
          <Icon name="shield" />
          Machine owner
        </span>
      }
    >
      <p className="muted small card__intro">
        Every account on this machine is on the Local plan. Its allowance belongs to the machine’s
        owner, not to your account: it is saved with the studio token and applies to{' '}
        <strong className="text">every account</strong> at once. Balances follow the next time they
        are read.
      </p>
      <FormMessages error={plan.error} testId="local-plan-load" />
      {current ? (
        <PlanForm
          client={client}
          plan={current}
          onSaved={(next) => {
            setSaved(next);
            onSaved();
          }}
        />
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

function PlanForm({
  client,
  plan,
  onSaved,
}: {
  client: CreditsClient;
  plan: LocalPlan;
  onSaved: (plan: LocalPlan) => void;
}) {
  const ids = useId();
  const [monthly, setMonthly] = useState(formatCredits(plan.credits_per_month));
  const [daily, setDaily] = useState(formatCredits(plan.daily_limit));
  const [errors, setErrors] = useState<{ monthly?: string; daily?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const monthlyValue = planNumber(monthly);
  const dailyValue = planNumber(daily);
  const changed =
    ('value' in monthlyValue ? monthlyValue.value : NaN) !== plan.credits_per_month ||
    ('value' in dailyValue ? dailyValue.value : NaN) !== plan.daily_limit;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      monthly: 'error' in monthlyValue ? monthlyValue.error : undefined,
      daily: 'error' in dailyValue ? dailyValue.error : undefined,
    };
    setErrors(problems);
    setFailure(null);
    setSaved(null);
    if (!('value' in monthlyValue) || !('value' in dailyValue)) return;
    setBusy(true);
    try {
      const next = await client.setLocalPlan({
        credits_per_month: monthlyValue.value,
        daily_limit: dailyValue.value,
      });
      setSaved(
        `Saved: ${formatCredits(next.credits_per_month)} credits a month, ${formatCredits(next.daily_limit)} a day.`,
      );
      setMonthly(formatCredits(next.credits_per_month));
      setDaily(formatCredits(next.daily_limit));
      onSaved(next);
    } catch (caught) {
      setFailure(accountErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="plan-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="plan-form__fields">
        <PlanField
          id={`${ids}-monthly`}
          label="Credits per month"
          hint="Granted to each account on the 1st (UTC)."
          value={monthly}
          error={errors.monthly}
          onChange={(value) => {
            setMonthly(value);
            setErrors((e) => ({ ...e, monthly: undefined }));
          }}
          testId="plan-monthly"
        />
        <PlanField
          id={`${ids}-daily`}
          label="Daily limit"
          hint="Per account per UTC day; 0 stops all paid work."
          value={daily}
          error={errors.daily}
          onChange={(value) => {
            setDaily(value);
            setErrors((e) => ({ ...e, daily: undefined }));
          }}
          testId="plan-daily"
        />
      </div>
      <FormMessages error={failure} success={saved} testId="plan-messages" />
      <div className="form__actions">
        <button
          type="submit"
          className="button"
          disabled={busy || !changed}
          data-testid="plan-save"
        >
          {busy ? 'Saving…' : 'Save Local plan'}
        </button>
        <span className="muted small">
          Also in <code>settings.json</code> as <code>localPlan</code>.
        </span>
      </div>
    </form>
  );
}

function PlanField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input input--number"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        data-testid={testId}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
