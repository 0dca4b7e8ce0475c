/**
 * What a URL holds (title, length, site) and its formats; picking a row sets format_selector.
 */
import { Facts } from '../../ui/Facts.tsx';
import { formatBytes, formatDuration } from '../../lib/format.ts';
import type { VideoInfo } from './web-types.ts';

interface Props {
  info: VideoInfo;
  selected: string;
  onSelect: (formatId: string) => void;
}

export function MediaInfo({ info, selected, onSelect }: Props) {
  return (
    <div className="web-info" data-testid="media-info">
      <div className="web-info__head">
        {info.thumbnail_url && <img className="web-info__thumb" src={info.thumbnail_url} alt="" />}
        <Facts
          items={[
            ['Title', info.title, 'media-title'],
            ['Site', info.platform],
            ['Length', info.duration === null ? 'unknown' : formatDuration(info.duration)],
            ['Uploader', info.uploader ?? '—'],
            ['Credits', `about ${info.estimated_credits}`],
          ]}
        />
      </div>
      {info.formats.length > 0 && (
        <table className="web-formats">
          <caption>Formats (pick one, or leave “best”)</caption>
          <thead>
            <tr>
              <th scope="col">Use</th>
              <th scope="col">Format</th>
              <th scope="col">Quality</th>
              <th scope="col">Codecs</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {info.formats.map((f) => (
              <tr key={f.format_id}>
                <td>
                  <input
                    type="radio"
                    name="format_selector"
                    aria-label={`Use format ${f.format_id}`}
                    checked={selected === f.format_id}
                    onChange={() => onSelect(f.format_id)}
                  />
                </td>
                <td>{f.format}</td>
                <td>{f.quality ?? f.resolution ?? '—'}</td>
                <td>{[f.video_codec, f.audio_codec].filter(Boolean).join(' + ') || '—'}</td>
                <td>{f.file_size === null ? '—' : formatBytes(f.file_size)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
