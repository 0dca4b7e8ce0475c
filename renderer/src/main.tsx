import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { engineBaseUrl, studioToken } from './api/bridge.ts';
import { ApiClient } from './api/client.ts';
import { ApiProvider } from './api/context.tsx';
import { EngineHealthProvider } from './features/engine/health-context.tsx';
import { JobsProvider } from './features/jobs/jobs-context.tsx';
import './styles.css';

const client = new ApiClient({ baseUrl: await engineBaseUrl(), getToken: studioToken });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ApiProvider client={client}>
      <EngineHealthProvider>
        <JobsProvider>
          <App />
        </JobsProvider>
      </EngineHealthProvider>
    </ApiProvider>
  </StrictMode>,
);
