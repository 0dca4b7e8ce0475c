/**
 * The hosted account's credits, shown beside the local ledger when this studio is linked
 * (docs/api/sync.md, "Credits"): its balance, plan, today's use and its latest usage records,
 * as the last sync read them. Shown on the Credits page and in Account → Sync; renders nothing
 * while unlinked.
 */
import { Card } from '../../ui/Card.tsx';
import { Table, cell } from '../../ui/Table.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ago } from './sync-model.ts';
import type { HostedCredits } from './sync-types.ts';

const number = (value: number | null): string =>
  value === null ? '—' : value.toLocaleString('en-US');

export function HostedCreditsCard({
  credits,
  email,
}: {
  credits: HostedCredits | null;
  email: string | null;
}) {
  if (!credits) return null;
  return (
    <Card
      title="Hosted account credits"
      testId="hosted-credits"
      aside={<Badge tone="neutral">{credits.plan_name ?? 'Hosted plan'}</Badge>}
    >
      <p className="muted small">
        The credits of {email ?? 'the linked account'} on the hosted service, shared by every
        workstation linked to it. Work offloaded to the hosted service and purchases are paid from
        here; work done on this machine uses the local ledger. Read {ago(credits.fetched_at)}.
      </p>
      <Facts
        items={[
          ['Available', number(credits.total_available_credits), 'hosted-available'],
          ['Subscription credits', number(credits.credits_balance), 'hosted-subscription'],
          ['Pay-as-you-go credits', number(credits.payg_balance), 'hosted-payg'],
          ['Used today', `${number(credits.credits_used_today)} of ${number(credits.daily_limit)}`],
          ['Per month', number(credits.credits_per_month)],
        ]}
      />
      {credits.recent_usage.length > 0 && (
        <Table label="Latest usage on the hosted account" testId="hosted-usage">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Service</th>
              <th scope="col" className={cell.num}>
                Credits
              </th>
            </tr>
          </thead>
          <tbody>
            {credits.recent_usage.map((record) => (
              <tr key={record.id}>
                <td>{ago(record.created_at)}</td>
                <td>{record.service_type}</td>
                <td className={cell.num}>{number(record.credits_used)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
