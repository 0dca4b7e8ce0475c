/**
 * Usage records (GET /credits/usage) of the chosen ledger: filters by service, source and a range
 * of days, a page of records, and the pager from the X-Total-Count / X-Page / X-Per-Page /
 * X-Has-Next headers. A finished priced job refreshes it (the job stream invalidates `/credits`).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { readJson } from '../../api/request.ts';
import { useContractQuery, useContractResponse } from '../../data/contract-query.ts';
import { formatDuration, formatTimestamp } from '../../lib/format.ts';
import { Alert, EmptyState } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Cluster } from '../../ui/Layout.tsx';
import { Select } from '../../ui/Select.tsx';
import { Table, cell } from '../../ui/Table.tsx';
import type { Ledger } from './CreditsPage.tsx';
import {
  NO_FILTERS,
  dateRangeProblem,
  formatCredits,
  hasFilters,
  pageFromHeaders,
  serviceLabel,
  sourceLabel,
  usageQueryFields,
  type PageInfo,
  type UsageFilters,
} from './credits-model.ts';
import type { CreditUsage } from './credits-types.ts';
import styles from './Credits.module.css';

const PER_PAGE_CHOICES = ['10', '20', '50', '100'] as const;

interface UsagePage {
  records: CreditUsage[];
  page: PageInfo;
}

export function UsageCard({ ledger }: { ledger: Ledger }) {
  const [filters, setFilters] = useState<UsageFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const rangeProblem = dateRangeProblem(filters);
  const multipliers = useContractQuery('/credits/multipliers', {}, { as: ledger }).data;

  const usage = useContractResponse<'/credits/usage', UsagePage>(
    '/credits/usage',
    rangeProblem ? null : { query: usageQueryFields(filters, page, perPage) },
    async (response) => {
      const records = await readJson<CreditUsage[]>(response, 'GET /credits/usage');
      return {
        records,
        page: pageFromHeaders(response.headers, records.length, { page, perPage }),
      };
    },
    { as: ledger, keepPrevious: true },
  );

  function change(patch: Partial<UsageFilters>) {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }

  // The engine's own service keys, plus the native analysis job the cost table does not list.
  const services = [
    'audio_analysis',
    ...Object.keys(multipliers ?? {}).filter((key) => key !== 'audio_analysis'),
  ];
  if (filters.serviceType && !services.includes(filters.serviceType)) {
    services.push(filters.serviceType);
  }

  const info = usage.data?.page;
  const records = usage.data?.records ?? [];
  return (
    <Card
      title="Usage"
      description={
        ledger === 'studio'
          ? 'What the studio’s tools and narrations cost, newest first.'
          : 'What your account’s own jobs cost, newest first.'
      }
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
        className={styles.filters}
        aria-label="Filter usage"
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          label="Service"
          value={filters.serviceType}
          onChange={(serviceType) => change({ serviceType })}
          testId="usage-filter-service"
          options={[
            { value: '', label: 'All services' },
            ...services.map((key) => ({ value: key, label: serviceLabel(key) })),
          ]}
        />
        <Select<UsageFilters['source']>
          label="Paid from"
          value={filters.source}
          onChange={(source) => change({ source })}
          testId="usage-filter-source"
          options={[
            { value: '', label: 'Both pools' },
            { value: 'subscription', label: 'Subscription' },
            { value: 'payg', label: 'Pay-as-you-go' },
          ]}
        />
        <TextField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => change({ from: event.target.value })}
          error={rangeProblem}
          testId="usage-filter-from"
        />
        <TextField
          label="To (inclusive)"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => change({ to: event.target.value })}
          testId="usage-filter-to"
        />
        <div className={styles.filterClear}>
          <Button
            variant="ghost"
            onClick={() => change(NO_FILTERS)}
            disabled={!hasFilters(filters)}
            testId="usage-filter-clear"
          >
            Clear filters
          </Button>
        </div>
      </form>
      {usage.error && (
        <Alert tone="error" testId="usage-messages">
          {errorMessage(usage.error)}
        </Alert>
      )}

      {usage.data && records.length === 0 ? (
        <EmptyState
          icon="coins"
          title={hasFilters(filters) ? 'No usage matches these filters.' : 'No credits used yet.'}
          testId="usage-empty"
        >
          A record is written when a priced job finishes: what it cost, from which pool, and for how
          much audio.
        </EmptyState>
      ) : (
        records.length > 0 && (
          <Table label="Usage records" testId="usage-table" minWidth={640}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Service</th>
                <th scope="col">Paid from</th>
                <th scope="col">Job</th>
                <th scope="col" className={cell.num}>
                  Audio
                </th>
                <th scope="col" className={cell.num}>
                  Credits
                </th>
              </tr>
            </thead>
            <tbody aria-busy={usage.isFetching}>
              {records.map((record) => (
                <UsageRow key={record.id} record={record} />
              ))}
            </tbody>
          </Table>
        )
      )}
      {!usage.data && !usage.error && !rangeProblem && (
        <p className="muted" role="status">
          Loading usage…
        </p>
      )}

      {info && info.total > 0 && (
        <Cluster justify="space-between">
          <div className={styles.perPage}>
            <Select
              label="Per page"
              value={String(perPage)}
              onChange={(value) => {
                setPerPage(Number(value));
                setPage(1);
              }}
              testId="usage-per-page"
              options={PER_PAGE_CHOICES.map((n) => ({ value: n, label: n }))}
            />
          </div>
          <nav className={styles.pager} aria-label="Usage pages">
            <Button
              variant="ghost"
              size="sm"
              icon="back"
              disabled={!info.hasPrev || usage.isFetching}
              onClick={() => setPage(info.page - 1)}
              testId="usage-newer"
            >
              Newer
            </Button>
            <span className="tabular" data-testid="usage-range">
              {info.first}–{info.last} of {formatCredits(info.total)}
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={!info.hasNext || usage.isFetching}
              onClick={() => setPage(info.page + 1)}
              testId="usage-older"
            >
              Older
            </Button>
          </nav>
        </Cluster>
      )}
    </Card>
  );
}

function UsageRow({ record }: { record: CreditUsage }) {
  const jobId = record.usage_metadata.job_id;
  const minutes = record.usage_metadata.billed_minutes;
  return (
    <tr data-testid="usage-row">
      <td className={cell.nowrap}>{formatTimestamp(record.created_at)}</td>
      <td data-testid="usage-service">{serviceLabel(record.service_type)}</td>
      <td>
        <Badge tone={record.credit_source === 'payg' ? 'info' : 'neutral'}>
          {sourceLabel(record.credit_source)}
        </Badge>
      </td>
      <td className={cell.muted}>
        {typeof jobId === 'number' || typeof jobId === 'string' ? `#${jobId}` : '–'}
      </td>
      <td className={cell.num}>
        {record.audio_duration > 0 ? formatDuration(record.audio_duration) : '–'}
        {typeof minutes === 'number' && (
          <span className="muted small"> · {minutes} min billed</span>
        )}
      </td>
      <td className={cell.num} data-testid="usage-credits">
        <strong>{formatCredits(record.credits_used)}</strong>
      </td>
    </tr>
  );
}
