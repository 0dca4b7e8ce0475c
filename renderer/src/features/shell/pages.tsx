/** Which page each area shows (the shell draws the frame and the heading around it). */
import type { ReactNode } from 'react';
import { AccountArea } from '../account/AccountArea.tsx';
import { AudiobooksArea } from '../audiobooks/AudiobooksArea.tsx';
import { CreditsPage } from '../credits/CreditsPage.tsx';
import { DenoisePage } from '../denoise/DenoisePage.tsx';
import { EnginePage } from '../engine/EnginePage.tsx';
import { HomePage } from '../home/HomePage.tsx';
import { JobsPage } from '../jobs/JobsPage.tsx';
import { MidiPage } from '../midi/MidiPage.tsx';
import { ModelsPage } from '../models/ModelsPage.tsx';
import { StemsPage } from '../stems/StemsPage.tsx';
import { SetupPanel } from '../setup/SetupPanel.tsx';
import { SyncPanel } from '../sync/SyncPanel.tsx';
import { TranscriptionPage } from '../transcription/TranscriptionPage.tsx';
import { TranslatePage } from '../translate/TranslatePage.tsx';
import { VoiceLabPage } from '../voice-lab/VoiceLabPage.tsx';
import { VoicesPage } from '../voices/VoicesPage.tsx';
import { ReaderPage } from '../web/ReaderPage.tsx';
import { WebPage } from '../web/WebPage.tsx';
import { WebhooksPage } from '../webhooks/WebhooksPage.tsx';
import { ComingSoon } from './ComingSoon.tsx';
import type { AreaRoute } from './routes.ts';

const PAGES: Record<string, (path: string) => ReactNode> = {
  '/home': () => <HomePage />,
  '/audiobooks': (path) => <AudiobooksArea path={path} />,
  '/voices': () => <VoicesPage />,
  '/web': () => <WebPage />,
  '/reader': () => <ReaderPage />,
  '/transcription': () => <TranscriptionPage />,
  '/translate': () => <TranslatePage />,
  '/voices/lab': () => <VoiceLabPage />,
  '/music/stems': () => <StemsPage />,
  '/music/midi': () => <MidiPage />,
  '/music/denoise': () => <DenoisePage />,
  '/jobs': () => <JobsPage />,
  '/account': (path) => <AccountArea path={path} />,
  '/account/sync': () => <SyncPanel />,
  '/credits': () => <CreditsPage />,
  '/webhooks': () => <WebhooksPage />,
  '/settings/engine': () => <EnginePage />,
  '/settings/models': () => <ModelsPage />,
  '/setup': () => <SetupPanel />,
};

export function AreaPage({ area, path }: { area: AreaRoute; path: string }) {
  if (!area.ready) return <ComingSoon area={area} />;
  return PAGES[area.path]?.(path) ?? <ComingSoon area={area} />;
}
