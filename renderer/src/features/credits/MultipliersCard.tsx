/** The cost table (GET /credits/multipliers): what each service costs, most expensive first. */
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Card } from '../../ui/Card.tsx';
import { Table, cell } from '../../ui/Table.tsx';
import { useCreditPrice } from './use-credit-price.ts';
import { formatCredits, formatUsd, multiplierRows } from './credits-model.ts';

export function MultipliersCard() {
  const multipliers = useContractQuery('/credits/multipliers', {});
  const price = useCreditPrice();
  const rows = multipliers.data ? multiplierRows(multipliers.data) : [];
  return (
    <Card
      title="What things cost"
      description="Credits per started minute of input audio (voice cloning: per generated preview)."
      testId="multipliers-card"
    >
      {multipliers.error && (
        <Alert tone="error" testId="multipliers-messages">
          {errorMessage(multipliers.error)}
        </Alert>
      )}
      {multipliers.data ? (
        <Table label="Cost of each service" testId="multipliers-table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Charged</th>
              <th scope="col" className={cell.num}>
                Credits
              </th>
              {price.creditsPerDollar && (
                <th scope="col" className={cell.num}>
                  Worth
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid="multiplier-row" data-key={row.key}>
                <th scope="row">{row.label}</th>
                <td className={cell.muted}>{row.unit}</td>
                <td className={cell.num} data-testid="multiplier-credits">
                  <strong>{formatCredits(row.credits)}</strong>
                </td>
                {price.creditsPerDollar && (
                  <td className={cell.num} data-testid="multiplier-worth">
                    {formatUsd(row.credits / price.creditsPerDollar, price.currency)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        !multipliers.error && (
          <p className="muted" role="status">
            Loading the cost table…
          </p>
        )
      )}
    </Card>
  );
}
