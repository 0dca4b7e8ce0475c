/**
 * "Clone a voice": record or upload a sample, see the live quality meter (the engine's sample
 * analysis), and clone it into a voice usable at once everywhere voices are chosen.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FormMessages, TextField } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SampleMeter } from './SampleMeter.tsx';
import { useRecorder } from './use-recorder.ts';
import styles from './VoiceLab.module.css';

interface Sample {
  blob: Blob;
  filename: string;
}

function sampleForm(sample: Sample, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', sample.blob, sample.filename);
  return form;
}

export function SampleCard() {
  const [sample, setSample] = useState<Sample | null>(null);
  const [name, setName] = useState('My voice');
  const analyze = useContractMutation('post', '/voice/samples/analyze');
  const clone = useContractMutation('post', '/voice/voice-clone', {
    invalidates: ['/voice', '/audiobook/voices'],
  });
  const { mutate: measure } = analyze;
  const onChunk = useCallback(
    (soFar: Blob, done: boolean) => {
      const next = { blob: soFar, filename: 'recording.webm' };
      if (done) setSample(next);
      measure({ body: sampleForm(next, { kind: 'clone' }) });
    },
    [measure],
  );
  const recorder = useRecorder(onChunk);
  const failure = clone.error ?? analyze.error;

  return (
    <Card
      title="Clone a voice"
      description="5–30 seconds of one person speaking, close to the microphone, with no music."
      testId="clone-card"
    >
      <div className={styles.row}>
        <FileDrop
          label="A sample of the voice"
          accept="audio/*"
          testId="sample-file"
          disabled={clone.isPending || recorder.recording}
          onFile={(file) => {
            if (!file) return;
            const next = { blob: file, filename: file.name };
            setSample(next);
            measure({ body: sampleForm(next, { kind: 'clone' }) });
          }}
        />
        <Button
          icon={recorder.recording ? 'stop' : 'mic'}
          onClick={() => (recorder.recording ? recorder.stop() : void recorder.start())}
          testId="sample-record"
        >
          {recorder.recording ? 'Stop recording' : 'Record'}
        </Button>
      </div>
      {analyze.data && <SampleMeter report={analyze.data} />}
      <div className={styles.row}>
        <TextField
          label="Name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          testId="clone-name"
        />
        <Button
          variant="primary"
          busy={clone.isPending}
          disabled={!sample || recorder.recording}
          onClick={() =>
            sample &&
            clone.mutate({ body: sampleForm(sample, { name: name.trim() || 'My voice' }) })
          }
          testId="clone-start"
        >
          Clone
        </Button>
      </div>
      <FormMessages
        error={failure ? errorMessage(failure) : recorder.error}
        success={
          clone.data && (
            <span data-testid="clone-done">
              “{clone.data.name}” is ready ({clone.data.status.toLowerCase()}).
            </span>
          )
        }
        testId="clone-messages"
      />
    </Card>
  );
}
