/** The cost table (GET /credits/multipliers): what each service costs, most expensive first. */
import { Card } from '../../ui/Card.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import type { Loaded } from '../account/use-loader.ts';
import { formatCredits, multiplierRows } from './credits-model.ts';
import type { CreditMultipliers } from './credits-types.ts';

export function MultipliersCard({ multipliers }: { multipliers: Loaded<CreditMultipliers> }) {
  const rows = multipliers.data ? multiplierRows(multipliers.data) : [];
  return (
    <Card title="What things cost" testId="multipliers-card">
      <p className="muted small card__intro">
        Credits per started minute of input audio (voice cloning: per generated preview). The
        machine’s owner may change these; the engine reads them at start.
      </p>
      <FormMessages error={multipliers.error} testId="multipliers-messages" />
      {multipliers.data ? (
        <table className="data-table data-table--compact" data-testid="multipliers-table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Charged</th>
              <th scope="col" className="data-table__num">
                Credits
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid="multiplier-row" data-key={row.key}>
                <th scope="row">
                  {row.label}
                  <code className="data-table__key">{row.key}</code>
                </th>
                <td className="muted">{row.unit}</td>
                <td className="data-table__num data-table__strong" data-testid="multiplier-credits">
                  {formatCredits(row.credits)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
