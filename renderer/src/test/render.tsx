/**
 * Renders a component the way the studio does (the query cache, the contract's credentials) over
 * a fake engine (./fake-engine.ts).
 */
import './dom.ts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { contractApi } from '../api/contract.ts';
import { tokenTransport } from '../api/transports.ts';
import { ContractApisProvider, UserApiProvider } from '../data/contract-apis.tsx';
import { createStudioQueryClient } from '../data/query-client.ts';
import { fakeEngine, type FakeEngine, type FakeRoutes } from './fake-engine.ts';

export interface Rendered extends RenderResult {
  engine: FakeEngine;
  /** The studio's query cache, for a test to deliver job events into (applyJobEvent). */
  queries: QueryClient;
}

export function renderStudio(
  ui: ReactNode,
  options: { routes?: FakeRoutes; signedInAs?: string } = {},
): Rendered {
  const engine = fakeEngine(options.routes ?? {});
  const transport = (token?: string) =>
    tokenTransport({
      baseUrl: '',
      fetch: engine.fetch,
      getToken: token === undefined ? undefined : () => Promise.resolve(token),
    });
  const studio = contractApi(transport('studio-token'));
  const user = options.signedInAs ? contractApi(transport('access-token')) : null;
  const queries = createStudioQueryClient();
  const result = render(
    <QueryClientProvider client={queries}>
      <ContractApisProvider studio={studio} open={contractApi(transport())}>
        <UserApiProvider api={user} userKey={options.signedInAs ?? null}>
          {ui}
        </UserApiProvider>
      </ContractApisProvider>
    </QueryClientProvider>,
  );
  return { ...result, engine, queries };
}
