/**
 * "Convert a recording": re-voice speech to one of your voices (cloned or designed), followed
 * live (useJobRun), then compare the original and the result A/B.
 */
import { useEffect, useState } from 'react';
import type { Job } from '../../api/types.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ABPlayer } from '../../ui/audio/ABPlayer.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { useAllVoices } from '../voices/use-all-voices.ts';
import { VoicePicker } from '../voices/VoicePicker.tsx';
import type { ConversionJob } from './voice-lab-types.ts';
import styles from './VoiceLab.module.css';

function withLive(record: ConversionJob, live: Job): ConversionJob {
  return { ...record, status: toolStatus(live), progress: live.progress };
}

export function ConvertCard() {
  const api = useStudioApi();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const own = (useAllVoices().data ?? []).filter((voice) => voice.tier === 'custom');
  const chosen = own.find((voice) => voice.id === target) ?? own[0] ?? null;
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  const run = useJobRun({
    statusPath: '/voice/convert/{conversion_id}/status',
    statusCall: (id) => ({ params: { conversion_id: id } }),
    start: ({ recording, uuid }: { recording: File; uuid: string }) => {
      const form = new FormData();
      form.set('voice_uuid', uuid);
      form.set('file', recording, recording.name);
      return api.post('/voice/voice-convert', { body: form });
    },
    jobId: (created) => created.id,
    withLive,
  });
  const job = run.record;

  return (
    <Card
      title="Convert a recording"
      description="Keeps the words, timing and emotion; changes the voice to one of yours."
      testId="convert-card"
    >
      <div className={styles.row}>
        <FileDrop
          label="Speech recording"
          accept="audio/*"
          testId="convert-file"
          disabled={run.busy}
          onFile={(picked) => {
            setFile(picked);
            setSource(picked ? URL.createObjectURL(picked) : null);
          }}
        />
      </div>
      {own.length === 0 ? (
        <Alert tone="info">
          Clone or design a voice first: conversion turns speech into one of your voices.
        </Alert>
      ) : (
        <div className={styles.row}>
          <VoicePicker
            label="Target voice"
            voices={own}
            value={chosen?.id ?? null}
            onChange={setTarget}
            testId="convert-target"
          />
          <Button
            variant="primary"
            busy={run.busy}
            disabled={!file || !chosen}
            onClick={() => file && chosen && run.start({ recording: file, uuid: chosen.uuid })}
            testId="convert-start"
          >
            Convert
          </Button>
        </div>
      )}
      {job && job.status !== 'COMPLETED' && job.status !== 'FAILED' && (
        <ProgressBar
          value={job.progress}
          label="Conversion progress"
          indeterminate={job.status === 'PENDING'}
          testId="convert-status"
        />
      )}
      {job?.status === 'FAILED' && (
        <Alert tone="error" testId="convert-status">
          {job.error_message ?? 'The conversion failed.'}
        </Alert>
      )}
      {job?.status === 'COMPLETED' && job.output_url && source && (
        <ABPlayer
          a={{ id: 'original', url: source, choice: 'A · Original', title: 'Original' }}
          b={{ id: 'converted', url: job.output_url, choice: 'B · Converted', title: 'Converted' }}
          testIdPrefix="convert"
        />
      )}
      <FormMessages error={run.error} testId="convert-messages" />
    </Card>
  );
}
