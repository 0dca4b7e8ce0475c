import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { engineBaseUrl, studioToken } from './api/bridge.ts';
import { ApiClient } from './api/client.ts';
import { ApiProvider } from './api/context.tsx';
import { AccountProvider } from './features/account/account-context.tsx';
import { EngineHealthProvider } from './features/engine/health-context.tsx';
import { JobsProvider } from './features/jobs/jobs-context.tsx';
import './styles.css';

const baseUrl = await engineBaseUrl();
const client = new ApiClient({ baseUrl, getToken: studioToken });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ApiProvider client={client}>
      <EngineHealthProvider>
        <JobsProvider>
          <AccountProvider baseUrl={baseUrl} studioToken={studioToken}>
            <App />
          </AccountProvider>
        </JobsProvider>
      </EngineHealthProvider>
    </ApiProvider>
  </StrictMode>,
);
