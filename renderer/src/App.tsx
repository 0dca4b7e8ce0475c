import { useEffect, useRef, type MouseEvent } from 'react';
import { AccountArea } from './features/account/AccountArea.tsx';
import { AudiobooksArea } from './features/audiobooks/AudiobooksArea.tsx';
import { CreditsPage } from './features/credits/CreditsPage.tsx';
import { DenoisePage } from './features/denoise/DenoisePage.tsx';
import { MidiPage } from './features/midi/MidiPage.tsx';
import { EnginePage } from './features/engine/EnginePage.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { JobsPage } from './features/jobs/JobsPage.tsx';
import { ModelsPage } from './features/models/ModelsPage.tsx';
import { ComingSoon } from './features/shell/ComingSoon.tsx';
import { hrefFor, useHashPath } from './features/shell/router.ts';
import { DEFAULT_PATH, findArea } from './features/shell/routes.ts';
import { Sidebar } from './features/shell/Sidebar.tsx';
import { StemsPage } from './features/stems/StemsPage.tsx';
import { SyncPanel } from './features/sync/SyncPanel.tsx';
import { TranscriptionPage } from './features/transcription/TranscriptionPage.tsx';
import { VoiceLabPage } from './features/voice-lab/VoiceLabPage.tsx';
import { VoicesPage } from './features/voices/VoicesPage.tsx';
import { WebPage } from './features/web/WebPage.tsx';
import { WebhooksPage } from './features/webhooks/WebhooksPage.tsx';

export function App() {
  const path = useHashPath();
  const area = findArea(path);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPath = useRef(path);

  // After a navigation, move focus to the new page's heading so keyboard and screen-reader
  // users land on the content. The first render keeps the browser's own focus (comparing paths
  // rather than counting renders also holds under StrictMode's double effects).
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    heading.current?.focus();
  }, [path]);

  const title = area ? (area.title ?? area.label) : 'Page not found';
  useEffect(() => {
    document.title = `${title} · Tapehouse`;
  }, [title]);

  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Sidebar path={path} />
      <main
        className="main"
        id="main"
        tabIndex={-1}
        data-testid={`page-${path.slice(1).replace(/\//g, '-')}`}
      >
        <header className="page-header">
          <div>
            {area && <p className="page-header__section">{area.section}</p>}
            <h1 className="page-header__title" ref={heading} tabIndex={-1}>
              {title}
            </h1>
            <p className="page-header__summary">
              {area ? area.summary : `There is no studio page at “${path}”.`}
            </p>
          </div>
        </header>
        {!area && (
          <p>
            <a href={hrefFor(DEFAULT_PATH)}>Go to Home</a>
          </p>
        )}
        {area && !area.ready && <ComingSoon area={area} />}
        {area?.path === '/home' && <HomePage />}
        {area?.path === '/jobs' && <JobsPage />}
        {area?.path === '/settings/models' && <ModelsPage />}
        {area?.path === '/settings/engine' && <EnginePage />}
        {area?.path === '/account' && <AccountArea path={path} />}
        {area?.path === '/audiobooks' && <AudiobooksArea path={path} />}
        {area?.path === '/account/sync' && <SyncPanel />}
        {area?.path === '/credits' && <CreditsPage />}
        {area?.path === '/webhooks' && <WebhooksPage />}
        {area?.path === '/music/stems' && <StemsPage />}
        {area?.path === '/voices' && <VoicesPage />}
        {area?.path === '/voices/lab' && <VoiceLabPage />}
        {area?.path === '/music/denoise' && <DenoisePage />}
        {area?.path === '/music/midi' && <MidiPage />}
        {area?.path === '/web' && <WebPage />}
        {area?.path === '/transcription' && <TranscriptionPage />}
      </main>
    </div>
  );
}

/** The skip link must not change the hash (that is the router); it only moves focus. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
