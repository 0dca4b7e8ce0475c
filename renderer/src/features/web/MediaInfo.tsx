/** What a page holds (title, length, site) and its streams, to pick one or leave "best". */
import { formatBytes, formatDuration } from '../../lib/format.ts';
import { Facts } from '../../ui/Facts.tsx';
import { Select } from '../../ui/Select.tsx';
import { useCreditPrice } from '../credits/use-credit-price.ts';
import type { VideoInfo } from './web-types.ts';
import styles from './Web.module.css';

interface Props {
  info: VideoInfo;
  selected: string;
  onSelect: (formatId: string) => void;
}

export function MediaInfo({ info, selected, onSelect }: Props) {
  const price = useCreditPrice();
  return (
    <div className={styles.result} data-testid="media-info">
      <div className={styles.infoHead}>
        {info.thumbnail_url && <img className={styles.thumb} src={info.thumbnail_url} alt="" />}
        <Facts
          items={[
            ['Title', info.title, 'media-title'],
            ['Site', info.platform],
            ['Length', info.duration === null ? 'unknown' : formatDuration(info.duration)],
            ['Uploader', info.uploader ?? '—'],
            ['Price', price.describe(info.estimated_credits)],
          ]}
        />
      </div>
      {info.formats.length > 0 && (
        <Select
          label="Stream"
          value={selected}
          onChange={onSelect}
          testId="media-stream"
          hint="“Best” lets the downloader choose from the format and quality below."
          options={[
            { value: 'best', label: 'Best' },
            ...info.formats.map((f) => ({
              value: f.format_id,
              label: [f.format, f.quality ?? f.resolution].filter(Boolean).join(' · '),
              description: [
                [f.video_codec, f.audio_codec].filter(Boolean).join(' + '),
                f.file_size === null ? null : formatBytes(f.file_size),
              ]
                .filter(Boolean)
                .join(' · '),
            })),
          ]}
        />
      )}
    </div>
  );
}
