/**
 * Media from a URL: paste it, read what is there and its formats, choose format and quality,
 * download with live progress, then hand the file to another tool.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Card } from '../../ui/Card.tsx';
import { errorMessage } from '../../api/errors.ts';
import { DownloadResult } from './DownloadResult.tsx';
import { MediaInfo } from './MediaInfo.tsx';
import { useDownload } from './use-download.ts';
import { WebClient } from './web-client.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat, type VideoInfo } from './web-types.ts';

const QUALITIES = [
  '',
  '2160p',
  '1080p',
  '720p',
  '480p',
  '360p',
  '144p',
  '320kbps',
  '192kbps',
  '128kbps',
];

export function MediaPanel() {
  const client = useMemo(() => new WebClient(), []);
  const [url, setUrl] = useState('');
  const [info, setInfo] = useState<VideoInfo | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [format, setFormat] = useState<DownloadFormat>('mp4');
  const [quality, setQuality] = useState('');
  const [audioOnly, setAudioOnly] = useState(false);
  const [thumbnail, setThumbnail] = useState(false);
  const [selector, setSelector] = useState('best');
  const run = useDownload();

  const read = async (event: FormEvent) => {
    event.preventDefault();
    setReading(true);
    setError(null);
    setInfo(null);
    try {
      setInfo(await client.info(url.trim()));
      setSelector('best');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setReading(false);
    }
  };

  return (
    <Card title="Media from a URL" testId="media-panel">
      <form className="web-url-form" onSubmit={(e) => void read(e)}>
        <label htmlFor="web-url">Page or media URL</label>
        <input
          id="web-url"
          type="url"
          required
          placeholder="https://…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="button" disabled={reading}>
          {reading ? 'Reading…' : 'Read'}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {info && (
        <>
          <MediaInfo info={info} selected={selector} onSelect={setSelector} />
          <form
            className="web-download-form"
            onSubmit={(e) => {
              e.preventDefault();
              void run.start(url.trim(), {
                format,
                quality,
                audioOnly,
                includeThumbnail: thumbnail,
                formatSelector: selector,
              });
            }}
          >
            <label>
              Format
              <select value={format} onChange={(e) => setFormat(e.target.value as DownloadFormat)}>
                {DOWNLOAD_FORMATS.map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>
            </label>
            <label>
              Quality
              <select value={quality} onChange={(e) => setQuality(e.target.value)}>
                {QUALITIES.map((q) => (
                  <option key={q} value={q}>
                    {q || 'best'}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input
                type="checkbox"
                checked={audioOnly}
                onChange={(e) => setAudioOnly(e.target.checked)}
              />
              Audio only
            </label>
            <label>
              <input
                type="checkbox"
                checked={thumbnail}
                onChange={(e) => setThumbnail(e.target.checked)}
              />
              Thumbnail
            </label>
            <button type="submit" className="button" disabled={run.busy}>
              Download
            </button>
          </form>
        </>
      )}
      {run.error && (
        <p className="form-error" role="alert">
          {run.error}
        </p>
      )}
      {run.job && <DownloadResult job={run.job} />}
    </Card>
  );
}
