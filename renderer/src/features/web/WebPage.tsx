/**
 * From the web: media from a URL (info, formats, download with progress, "Use in…" another
 * tool), the article reader with its narrations, and the extractor (yt-dlp) it relies on.
 */
import { MediaPanel } from './MediaPanel.tsx';
import { ToolPanel } from './ToolPanel.tsx';
import './web.css';

export function WebPage() {
  return (
    <div className="web-page">
      <MediaPanel />
      <ToolPanel />
    </div>
  );
}
