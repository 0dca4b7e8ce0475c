/**
 * Pay-as-you-go: the price and limits (GET /credits/payg/info) and a purchase request. The local
 * engine has no payment provider, so a valid request answers 503 `payment_provider_unavailable`;
 * that is explained plainly (and the owner's way out named) instead of shown as a failure.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { accountErrorText } from '../account/error-text.ts';
import { useLoader } from '../account/use-loader.ts';
import type { CreditsClient } from './credits-client.ts';
import { formatCredits, formatUsd, paygAmount } from './credits-model.ts';

type Outcome =
  | { kind: 'none' }
  | { kind: 'no-provider'; detail: string }
  | { kind: 'error'; text: string }
  | { kind: 'session'; credits: number };

export function PaygCard({ client }: { client: CreditsClient }) {
  const ids = useId();
  const load = useCallback((signal: AbortSignal) => client.paygInfo(signal), [client]);
  const info = useLoader(load);
  const [amount, setAmount] = useState('10');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const checked = info.data ? paygAmount(amount, info.data) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked) return;
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    setOutcome({ kind: 'none' });
    try {
      const session = await client.checkout(checked.amount);
      setOutcome({ kind: 'session', credits: session.credits_to_receive });
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'payment_provider_unavailable') {
        setOutcome({ kind: 'no-provider', detail: caught.detail });
      } else {
        setOutcome({ kind: 'error', text: accountErrorText(caught) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Pay-as-you-go"
      testId="payg-card"
      aside={<Badge tone="neutral">Credits never expire</Badge>}
    >
      <FormMessages error={info.error} testId="payg-info-messages" />
      {info.data ? (
        <>
          <Facts
            items={[
              [
                'Price',
                `${formatCredits(info.data.credits_per_dollar)} credits per ${info.data.currency}`,
                'payg-rate',
              ],
              [
                'Per purchase',
                `${formatUsd(info.data.min_amount_usd, info.data.currency)} to ${formatUsd(info.data.max_amount_usd, info.data.currency)}`,
                'payg-limits',
              ],
            ]}
          />
          <form className="payg-form" onSubmit={(event) => void submit(event)} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={`${ids}-amount`}>
                Amount ({info.data.currency})
              </label>
              <div className="payg-form__row">
                <input
                  id={`${ids}-amount`}
                  className="input payg-form__amount"
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setFieldError(null);
                  }}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={`${ids}-amount-hint`}
                  data-testid="payg-amount"
                />
                <button type="submit" className="button" disabled={busy} data-testid="payg-buy">
                  {busy ? 'Asking the engine…' : 'Buy credits'}
                </button>
              </div>
              <p className="field__hint" id={`${ids}-amount-hint`} data-testid="payg-preview">
                {checked && 'credits' in checked
                  ? `${formatUsd(checked.amount, info.data.currency)} buys ${formatCredits(checked.credits)} credits.`
                  : `From ${formatUsd(info.data.min_amount_usd, info.data.currency)} to ${formatUsd(info.data.max_amount_usd, info.data.currency)}.`}
              </p>
              {fieldError && <p className="field__error">{fieldError}</p>}
            </div>
          </form>
        </>
      ) : (
        !info.error && (
          <p className="muted" role="status">
            Loading prices…
          </p>
        )
      )}
      <div aria-live="polite" className="payg-outcome">
        {outcome.kind === 'no-provider' && (
          <div className="alert alert--warn" data-testid="payg-unavailable">
            <Icon name="alert" />
            <div>
              <strong>No payment provider in the local studio.</strong> Credits can only be bought
              through a hosted Tapehouse account linked to this studio, and that link is not
              available yet. Nothing was charged.
              <p className="payg-outcome__detail">{outcome.detail}</p>
            </div>
          </div>
        )}
        {outcome.kind === 'error' && (
          <div className="alert alert--error" data-testid="payg-error">
            <Icon name="alert" />
            <div>{outcome.text}</div>
          </div>
        )}
        {outcome.kind === 'session' && (
          <div className="alert alert--ok" data-testid="payg-session">
            <Icon name="check" />
            <div>
              Checkout started for {formatCredits(outcome.credits)} credits. Complete it in your
              browser.
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
