/**
 * Pay-as-you-go: the price and limits (GET /credits/payg/info, the rate every money figure in the
 * studio uses) and how to buy. The local engine takes no payments itself: credits are bought on a
 * hosted Tapehouse account linked to this studio (Account sync), and the purchase form appears
 * here once the studio is linked. Unlinked, the card says so and links to Account sync, instead of
 * offering a Buy button that can only fail.
 */
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { hrefFor } from '../shell/router.ts';
import { formatCredits, formatUsd } from './credits-model.ts';

export function PaygCard() {
  const info = useContractQuery('/credits/payg/info', {});
  const sync = useContractQuery('/sync/status', {});
  const rate = info.data;
  return (
    <Card
      title="Pay-as-you-go"
      testId="payg-card"
      aside={<Badge tone="neutral">Credits never expire</Badge>}
    >
      <Stack gap={4}>
        {info.error && (
          <Alert tone="error" testId="payg-info-messages">
            {errorMessage(info.error)}
          </Alert>
        )}
        {rate ? (
          <Facts
            items={[
              [
                'Price',
                `${formatCredits(rate.credits_per_dollar)} credits per ${formatUsd(1, rate.currency)}`,
                'payg-rate',
              ],
              [
                'Per purchase',
                `${formatUsd(rate.min_amount_usd, rate.currency)} to ${formatUsd(rate.max_amount_usd, rate.currency)}`,
                'payg-limits',
              ],
            ]}
          />
        ) : (
          !info.error && (
            <p className="muted" role="status">
              Loading prices…
            </p>
          )
        )}
        {sync.data?.linked ? (
          <p className="muted small" data-testid="payg-linked">
            This studio is linked to {sync.data.account_email ?? 'a hosted account'}: buy credits
            with the Buy credits form above; they reach this studio at the next sync.
          </p>
        ) : (
          sync.data && (
            <Alert
              tone="info"
              title="Buying credits needs a linked account"
              testId="payg-how"
              action={
                <ButtonLink href={hrefFor('/account/sync')} icon="sync" testId="payg-link-sync">
                  Link this studio
                </ButtonLink>
              }
            >
              The studio takes no payments on this computer. Credits are bought on a hosted
              Tapehouse account: link this studio to yours in Account sync, and a Buy credits form
              appears on this page. Until then the Local plan’s monthly credits are what the studio
              spends.
            </Alert>
          )
        )}
      </Stack>
    </Card>
  );
}
