/**
 * Buying credits on the linked hosted account (the machine owner's purchase): the hosted service
 * opens the payment page (Stripe) and the credits land there; this studio never sees a payment
 * secret. docs/api/credits.md, "Pay-as-you-go".
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { studioApi } from '../../api/studio-api.ts';
import { FormMessages, TextField } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';

export function BuyHostedCredits() {
  const [amount, setAmount] = useState('10');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const session = await studioApi().post('/credits/payg/create-checkout-session', {
        json: { amount_usd: Number(amount) },
      });
      if (session.checkout_url) window.open(session.checkout_url, '_blank', 'noopener');
      setSuccess(
        `Checkout opened for ${session.credits_to_receive.toLocaleString('en-US')} credits. ` +
          'They appear here after the payment and the next sync.',
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} data-testid="sync-buy">
      <TextField
        label="Buy credits on the hosted account (USD, 1 to 1000)"
        type="number"
        min={1}
        max={1000}
        step="any"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        testId="sync-buy-amount"
      />
      <FormMessages error={error} success={success} testId="sync-buy-messages" />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          <Icon name="coins" />
          {busy ? 'Opening checkout…' : 'Buy credits'}
        </button>
      </div>
    </form>
  );
}
