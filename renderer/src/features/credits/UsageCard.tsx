/**
 * Usage records (GET /credits/usage): filters by service, source and a range of days, a page of
 * records, and the pager from the X-Total-Count / X-Page / X-Per-Page / X-Has-Next headers.
 */
import { useCallback, useId, useState } from 'react';
import { Card } from '../../ui/Card.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { formatDuration, formatTimestamp } from '../../lib/format.ts';
import { useLoader } from '../account/use-loader.ts';
import type { CreditsClient } from './credits-client.ts';
import {
  NO_FILTERS,
  dateRangeProblem,
  formatCredits,
  hasFilters,
  serviceLabel,
  sourceLabel,
  type UsageFilters,
} from './credits-model.ts';
import type { CreditUsage } from './credits-types.ts';

const PER_PAGE_CHOICES = [10, 20, 50, 100];

export function UsageCard({
  client,
  serviceTypes,
}: {
  client: CreditsClient;
  serviceTypes: readonly string[];
}) {
  const ids = useId();
  const [filters, setFilters] = useState<UsageFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const rangeProblem = dateRangeProblem(filters);

  const load = useCallback(
    (signal: AbortSignal) =>
      rangeProblem ? Promise.resolve(null) : client.usage(filters, page, perPage, signal),
    [client, filters, page, perPage, rangeProblem],
  );
  const usage = useLoader(load);

  function change(patch: Partial<UsageFilters>) {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }

  // The engine's own service keys, plus the native analysis job the cost table does not list.
  const services = ['audio_analysis', ...serviceTypes.filter((key) => key !== 'audio_analysis')];
  if (filters.serviceType && !services.includes(filters.serviceType)) {
    services.push(filters.serviceType);
  }

  const info = usage.data?.page;
  const records = usage.data?.records ?? [];
  return (
    <Card
      title="Usage"
      testId="usage-card"
      aside={
        info && (
          <span className="muted small" data-testid="usage-total">
            {info.total === 1 ? '1 record' : `${formatCredits(info.total)} records`}
          </span>
        )
      }
    >
      <form
        className="usage-filters"
        aria-label="Filter usage"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-service`}>
            Service
          </label>
          <select
            id={`${ids}-service`}
            className="input input--select"
            value={filters.serviceType}
            onChange={(event) => change({ serviceType: event.target.value })}
            data-testid="usage-filter-service"
          >
            <option value="">All services</option>
            {services.map((key) => (
              <option key={key} value={key}>
                {serviceLabel(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-source`}>
            Paid from
          </label>
          <select
            id={`${ids}-source`}
            className="input input--select"
            value={filters.source}
            onChange={(event) => change({ source: event.target.value as UsageFilters['source'] })}
            data-testid="usage-filter-source"
          >
            <option value="">Both pools</option>
            <option value="subscription">Subscription</option>
            <option value="payg">Pay-as-you-go</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-from`}>
            From
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            className="input"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => change({ from: event.target.value })}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? `${ids}-range` : undefined}
            data-testid="usage-filter-from"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-to`}>
            To (inclusive)
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            className="input"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => change({ to: event.target.value })}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? `${ids}-range` : undefined}
            data-testid="usage-filter-to"
          />
        </div>
        <button
          type="button"
          className="button button--ghost usage-filters__clear"
          onClick={() => change(NO_FILTERS)}
          disabled={!hasFilters(filters)}
          data-testid="usage-filter-clear"
        >
          Clear filters
        </button>
      </form>
      {rangeProblem && (
        <p className="field__error" id={`${ids}-range`} role="alert">
          {rangeProblem}
        </p>
      )}
      <FormMessages error={usage.error} testId="usage-messages" />

      {usage.data && records.length === 0 ? (
        <div className="usage-empty" data-testid="usage-empty">
          <p className="empty__title">
            {hasFilters(filters) ? 'No usage matches these filters.' : 'No credits used yet.'}
          </p>
          <p className="muted small">
            A record is written when a priced job finishes: what it cost, from which pool, and for
            how much audio.
          </p>
        </div>
      ) : (
        records.length > 0 && (
          <div className="table-wrap">
            <table className="data-table" aria-busy={usage.loading} data-testid="usage-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Service</th>
                  <th scope="col">Paid from</th>
                  <th scope="col">Job</th>
                  <th scope="col" className="data-table__num">
                    Audio
                  </th>
                  <th scope="col" className="data-table__num">
                    Credits
                  </th>
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <UsageRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {!usage.data && !usage.error && !rangeProblem && (
        <p className="muted" role="status">
          Loading usage…
        </p>
      )}

      {info && info.total > 0 && (
        <div className="usage-pager">
          <label className="usage-pager__size">
            <span className="muted small">Per page</span>
            <select
              className="input input--select input--compact"
              value={perPage}
              onChange={(event) => {
                setPerPage(Number(event.target.value));
                setPage(1);
              }}
              data-testid="usage-per-page"
            >
              {PER_PAGE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <nav className="pager" aria-label="Usage pages">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!info.hasPrev || usage.loading}
              onClick={() => setPage(info.page - 1)}
              data-testid="usage-newer"
            >
              Newer
            </button>
            <span className="pager__info" data-testid="usage-range">
              {info.first}–{info.last} of {formatCredits(info.total)}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!info.hasNext || usage.loading}
              onClick={() => setPage(info.page + 1)}
              data-testid="usage-older"
            >
              Older
            </button>
          </nav>
        </div>
      )}
    </Card>
  );
}

function UsageRow({ record }: { record: CreditUsage }) {
  const jobId = record.usage_metadata.job_id;
  const minutes = record.usage_metadata.billed_minutes;
  return (
    <tr data-testid="usage-row">
      <td className="data-table__time">{formatTimestamp(record.created_at)}</td>
      <td>{serviceLabel(record.service_type)}</td>
      <td>
        <span className={`pool pool--${record.credit_source}`}>
          {sourceLabel(record.credit_source)}
        </span>
      </td>
      <td className="data-table__mono">
        {typeof jobId === 'number' || typeof jobId === 'string' ? `#${jobId}` : '–'}
      </td>
      <td className="data-table__num">
        {record.audio_duration > 0 ? formatDuration(record.audio_duration) : '–'}
        {typeof minutes === 'number' && (
          <span className="muted small"> · {minutes} min billed</span>
        )}
      </td>
      <td className="data-table__num data-table__strong" data-testid="usage-credits">
        {formatCredits(record.credits_used)}
      </td>
    </tr>
  );
}
