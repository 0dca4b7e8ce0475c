/**
 * Buying credits on the linked hosted account (the machine owner's purchase): the hosted service
 * opens the payment page and the credits land there; this studio never sees a payment secret.
 * docs/api/credits.md, "Pay-as-you-go".
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form, FormActions, FormMessages, NumberField } from '../../ui/Field.tsx';

export function BuyHostedCredits() {
  const [amount, setAmount] = useState('10');
  const checkout = useContractMutation('post', '/credits/payg/create-checkout-session', {
    onSuccess: (session) => {
      if (session.checkout_url) window.open(session.checkout_url, '_blank', 'noopener');
    },
  });
  return (
    <Card
      title="Buy credits"
      description="Bought on the linked hosted account, for every linked workstation."
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          checkout.mutate({ json: { amount_usd: Number(amount) } });
        }}
        testId="sync-buy"
      >
        <NumberField
          label="Amount"
          unit="USD"
          min={1}
          max={1000}
          step="any"
          value={amount}
          hint="From $1 to $1,000."
          onChange={(e) => setAmount(e.target.value)}
          testId="sync-buy-amount"
        />
        <FormMessages
          error={checkout.error ? errorMessage(checkout.error) : null}
          success={
            checkout.data &&
            `Checkout opened for ${checkout.data.credits_to_receive.toLocaleString('en-US')} credits. They appear here after the payment and the next sync.`
          }
          testId="sync-buy-messages"
        />
        <FormActions>
          <Button type="submit" icon="coins" busy={checkout.isPending}>
            Buy credits
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
