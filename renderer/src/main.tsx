import '@fontsource-variable/inter/wght.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { engineBaseUrl, studioToken } from './api/bridge.ts';
import {
  completeSignInLink,
  requestFromOtherTabs,
  shareStudioSession,
} from './api/studio-access.ts';
import { contractApi } from './api/contract.ts';
import { tokenTransport } from './api/transports.ts';
import { ContractApisProvider } from './data/contract-apis.tsx';
import { createStudioQueryClient } from './data/query-client.ts';
import { AccountProvider } from './features/account/account-context.tsx';
import { EngineHealthProvider } from './features/engine/health-context.tsx';
import { JobsProvider } from './features/jobs/jobs-context.tsx';
import { StudioGate } from './features/studio-access/StudioGate.tsx';
import './ui/theme/tokens.css';
import './ui/theme/base.css';

const baseUrl = await engineBaseUrl();
// A page opened from a sign-in link (`/?login=<code>`) becomes a studio session first; a new tab
// without one asks the open tabs for theirs.
const linkError = await completeSignInLink(baseUrl);
if (linkError === null) await requestFromOtherTabs();
shareStudioSession();
const queryClient = createStudioQueryClient();
const studio = contractApi(tokenTransport({ baseUrl, getToken: studioToken }));
const open = contractApi(tokenTransport({ baseUrl }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ContractApisProvider studio={studio} open={open}>
        <StudioGate baseUrl={baseUrl} linkError={linkError}>
          <EngineHealthProvider>
            <JobsProvider>
              <AccountProvider baseUrl={baseUrl} studioToken={studioToken}>
                <App />
              </AccountProvider>
            </JobsProvider>
          </EngineHealthProvider>
        </StudioGate>
      </ContractApisProvider>
    </QueryClientProvider>
  </StrictMode>,
);
