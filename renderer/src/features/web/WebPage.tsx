/**
 * From the web: media from a page's address (info, streams, download with progress, "Use in…"
 * another tool) and the downloader it relies on. Articles read aloud are the Reader page.
 */
import { PageBody } from '../../ui/Layout.tsx';
import { MediaPanel } from './MediaPanel.tsx';
import { ToolPanel } from './ToolPanel.tsx';

export function WebPage() {
  return (
    <PageBody testId="web-page">
      <MediaPanel />
      <ToolPanel />
    </PageBody>
  );
}
