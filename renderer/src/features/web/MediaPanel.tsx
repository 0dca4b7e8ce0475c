/**
 * Media from a page's address: read what is there and its streams, choose format and quality,
 * download with live progress (useJobRun: no polling), then hand the file to another tool.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { useContractMutation, useStudioApi } from '../../data/contract-query.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form, FormMessages, TextField } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { DownloadResult } from './DownloadResult.tsx';
import { MediaInfo } from './MediaInfo.tsx';
import { DOWNLOAD_FORMATS, type DownloadFormat, type DownloadJob } from './web-types.ts';
import styles from './Web.module.css';

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

interface DownloadChoice {
  url: string;
  format: DownloadFormat;
  quality: string;
  audioOnly: boolean;
  thumbnail: boolean;
  selector: string;
}

function withLive(record: DownloadJob, live: Job): DownloadJob {
  return { ...record, status: toolStatus(live), progress: live.progress, stage: live.stage };
}

export function MediaPanel() {
  const api = useStudioApi();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<DownloadFormat>('mp4');
  const [quality, setQuality] = useState('');
  const [audioOnly, setAudioOnly] = useState(false);
  const [thumbnail, setThumbnail] = useState(false);
  const [selector, setSelector] = useState('best');
  const info = useContractMutation('post', '/video/info', { onSuccess: () => setSelector('best') });
  const run = useJobRun({
    statusPath: '/video/video-download/jobs/{download_job_id}',
    statusCall: (id) => ({ params: { download_job_id: id } }),
    start: (choice: DownloadChoice) =>
      api.post('/video/download', {
        json: {
          url: choice.url,
          format: choice.format,
          audio_only: choice.audioOnly,
          include_thumbnail: choice.thumbnail,
          ...(choice.quality && { quality: choice.quality }),
          ...(choice.selector && { format_selector: choice.selector }),
        },
      }),
    jobId: (created) => created.job.id,
    withLive,
  });
  const address = url.trim();

  return (
    <Card
      title="Media from a web address"
      description="Audio or video from a page you may download: it is fetched by this machine."
      testId="media-panel"
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (address) info.mutate({ json: { url: address, include_formats: true } });
        }}
      >
        <div className={styles.urlRow}>
          <TextField
            label="Page or media address"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            testId="media-url"
          />
          <Button type="submit" busy={info.isPending} disabled={address === ''}>
            Read
          </Button>
        </div>
      </Form>
      <FormMessages error={info.error ? errorMessage(info.error) : null} />
      {info.data && (
        <>
          <MediaInfo info={info.data} selected={selector} onSelect={setSelector} />
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              run.start({ url: address, format, quality, audioOnly, thumbnail, selector });
            }}
          >
            <div className={styles.options}>
              <Select
                label="Format"
                value={format}
                onChange={setFormat}
                testId="media-format"
                options={DOWNLOAD_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
              />
              <Select
                label="Quality"
                value={quality}
                onChange={setQuality}
                testId="media-quality"
                options={QUALITIES.map((q) => ({ value: q, label: q || 'Best available' }))}
              />
              <Toggle checked={audioOnly} onChange={setAudioOnly} testId="media-audio-only">
                Audio only
              </Toggle>
              <Toggle checked={thumbnail} onChange={setThumbnail} testId="media-thumbnail">
                Thumbnail
              </Toggle>
              <Button type="submit" variant="primary" icon="download" busy={run.busy}>
                Download
              </Button>
            </div>
          </Form>
        </>
      )}
      <FormMessages error={run.error} />
      {run.record && <DownloadResult job={run.record} />}
    </Card>
  );
}
